import type { ViewStage } from './visibility.ts';

/** Level 6 and above is manifest: it reaches the owner's intent stage, dialog and the Narrator. Below, extractors only. */
export const MANIFEST_LEVEL = 6;

export interface LeveledState {
  readonly name: string;
  readonly level: number;
  readonly category: string;
}

export function isManifest(state: LeveledState): boolean {
  return state.level >= MANIFEST_LEVEL;
}

/**
 * Which of `owner`'s states a stage run for `principal` may see. Extractors see all of their own owner's states;
 * intent and dialog stages see their own manifest states; the Narrator sees every character's manifest states.
 */
export function visibleStates<S extends LeveledState>(
  stage: ViewStage,
  principal: string,
  owner: string,
  states: readonly S[],
): S[] {
  switch (stage) {
    case 'persona_extractor':
    case 'character_extractor':
      return owner === principal ? [...states] : [];
    case 'persona_intent':
    case 'npc_intent':
    case 'character_dialog':
      return owner === principal ? states.filter(isManifest) : [];
    case 'narrator':
      return states.filter(isManifest);
    case 'lore_extractor':
      return [];
  }
}
