import type { StoryPack } from '../pack/index.ts';

/**
 * A rule-based reading of "I go to the chapel": a movement verb and the name of a place connected to where the persona
 * stands. (The event system's Stage 1 parser will replace this seam with its own structural parse.)
 */
const MOVEMENT =
  /\b(go|goes|going|went|walk\w*|head\w*|run|runs|hurr\w*|return\w*|leav\w*|step\w*|climb\w*|descend\w*|enter\w*|cross\w*|slip\w*|follow\w*|make my way|set off)\b/iu;

export interface Move {
  readonly to: string;
  readonly minutes: number;
}

export function detectMove(pack: StoryPack, from: string, intention: string): Move | null {
  if (!MOVEMENT.test(intention)) return null;
  const here = pack.locations.find((location) => location.id === from);
  const text = intention.toLowerCase();
  for (const connection of here?.connections ?? []) {
    const target = pack.locations.find((location) => location.id === connection.to);
    const names = [connection.to.replace(/-/gu, ' '), target?.name ?? ''].map((name) =>
      name.toLowerCase().replace(/^the /u, ''),
    );
    if (names.some((name) => name.length > 2 && text.includes(name))) {
      return { to: connection.to, minutes: connection.travelMinutes ?? 5 };
    }
  }
  return null;
}
