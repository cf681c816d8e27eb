import type { StoryPack } from '../pack/index.ts';

/**
 * A rule-based reading of "I slip into the chapel" for verbs the event system's lexicon does not know: a verb of
 * motion and, after it in the same clause, the name of a place connected to where the actor stands. The world then
 * judges the move (classify/implied-move.ts); these words alone never move anyone.
 */
const MOVEMENT =
  /\b(go|goes|going|went|walk\w*|head\w*|run|runs|hurr\w*|return\w*|leav\w*|step\w*|climb\w*|descend\w*|enter\w*|cross\w*|slip\w*|follow\w*|make my way|set off)\b/iu;
const CLAUSE_BREAK = /[.;!?,]+|\s+(?:and|then|but)\s+/iu;

export interface Move {
  readonly to: string;
  readonly minutes: number;
}

export function detectMove(pack: StoryPack, from: string, intention: string): Move | null {
  const here = pack.locations.find((location) => location.id === from);
  for (const clause of intention.toLowerCase().split(CLAUSE_BREAK)) {
    const verb = MOVEMENT.exec(clause);
    if (verb === null) continue;
    // "a warm word about the quay steps" names the quay before its verb: that is no journey.
    const after = clause.slice(verb.index + verb[0].length);
    for (const connection of here?.connections ?? []) {
      const target = pack.locations.find((location) => location.id === connection.to);
      const names = [connection.to.replace(/-/gu, ' '), target?.name ?? ''].map((name) =>
        name.toLowerCase().replace(/^the /u, ''),
      );
      if (names.some((name) => name.length > 2 && after.includes(name))) {
        return { to: connection.to, minutes: connection.travelMinutes ?? 5 };
      }
    }
  }
  return null;
}
