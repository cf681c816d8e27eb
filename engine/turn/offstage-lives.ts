import type { NpcState } from '../boundary/index.ts';
import { restoreSimulationState, type Situation } from '../npc/index.ts';

/**
 * What each character was last doing off-stage, for its own intent and dialog prompts — only while that is news: a
 * situation the boundary wrote after the character was last in a scene. Once it has been on stage since, the scene
 * itself is what it remembers.
 */
export function offstageLives(npc: NpcState): { readonly [characterId: string]: string } {
  const { situations } = restoreSimulationState(npc.simulation);
  const lives: { [characterId: string]: string } = {};
  for (const [id, situation] of Object.entries(situations)) {
    const seen = npc.roster?.characters[id]?.lastRelevantAt ?? null;
    if (seen !== null && situation.at <= seen) continue;
    const line = describeSituation(situation);
    if (line !== '') lives[id] = line;
  }
  return lives;
}

function describeSituation(situation: Situation): string {
  const doing = situation.activity.trim();
  const feeling = situation.emotional_state.trim();
  return [doing === '' ? '' : sentence(doing), feeling === '' ? '' : sentence(`You feel ${feeling}`)]
    .filter((part) => part !== '')
    .join(' ');
}

function sentence(text: string): string {
  return /[.!?…]$/u.test(text) ? text : `${text}.`;
}
