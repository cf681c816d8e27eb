import { emptySocialGraph, withTie, type SocialGraph } from '../../npc/index.ts';
import { goalInvolves, type StoryPack } from '../../pack/index.ts';

/** Members of one faction pass news readily; a character whose goals involve another keeps an ear out for it. */
export const FACTION_TIE = 0.6;
export const GOAL_TIE = 0.4;

/**
 * The social graph a story starts with, from what the pack says of its characters: shared factions and goals that
 * name another character. The persona is left out: what the player's character tells is the player's to decide.
 */
export function packSocialGraph(pack: StoryPack): SocialGraph {
  let graph = emptySocialGraph();
  const ids = new Set(pack.characters.map((character) => character.id));
  for (const [index, character] of pack.characters.entries()) {
    for (const other of pack.characters.slice(index + 1)) {
      if (character.faction !== undefined && character.faction === other.faction)
        graph = withTie(graph, character.id, other.id, FACTION_TIE);
    }
    for (const target of character.goals.flatMap(goalInvolves)) {
      if (ids.has(target)) graph = withTie(graph, character.id, target, GOAL_TIE);
    }
  }
  return graph;
}
