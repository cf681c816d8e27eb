import type { NpcState } from '../boundary/index.ts';
import { ownStandingTexts, readStandings } from '../npc/index.ts';
import { entityNamer, type StoryPack } from '../pack/index.ts';

/** How each character stands with the others, its own side only, for its own intent and dialog prompts. */
export function ownStandings(
  npc: NpcState,
  pack: StoryPack,
  personaId: string,
): { readonly [characterId: string]: string } {
  return ownStandingTexts(readStandings(npc.standings, 'the npc state'), entityNamer(pack, personaId));
}
