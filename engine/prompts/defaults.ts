import narrator from './templates/narrator.ts';
import characterDialog from './templates/character-dialog.ts';
import npcIntent from './templates/npc-intent.ts';
import personaIntent from './templates/persona-intent.ts';
import personaExtractor from './templates/persona-extractor.ts';
import characterExtractor from './templates/character-extractor.ts';
import loreExtractor from './templates/lore-extractor.ts';
import characterReflection from './templates/character-reflection.ts';
import intentCheck from './templates/intent-check.ts';
import standaloneSimulation from './templates/standalone-simulation.ts';
import cohortModerator from './templates/cohort-moderator.ts';
import cohortMember from './templates/cohort-member.ts';
import cohortMemberAccount from './templates/cohort-member-account.ts';
import offscreenInference from './templates/offscreen-inference.ts';
import chronicler from './templates/chronicler.ts';
import loreCrafter from './templates/lore-crafter.ts';
import partialProfile from './templates/partial-profile.ts';
import creation from './templates/creation.ts';
import type { BoundaryPromptStage } from '../api/index.ts';
import type { ViewStage } from '../stream/index.ts';

/** The built-in template of every turn stage. A pack overrides one with `prompts/<stage>.hbs`. */
export const DEFAULT_TEMPLATES: Readonly<Record<ViewStage, string>> = {
  narrator,
  character_dialog: characterDialog,
  npc_intent: npcIntent,
  persona_intent: personaIntent,
  persona_extractor: personaExtractor,
  character_extractor: characterExtractor,
  lore_extractor: loreExtractor,
};

/** The built-in template of every scene-boundary stage that has one; a pack overrides it the same way. */
export const DEFAULT_BOUNDARY_TEMPLATES: Readonly<Record<BoundaryPromptStage, string>> = {
  character_reflection: characterReflection,
  intent_check: intentCheck,
  standalone_simulation: standaloneSimulation,
  cohort_moderator: cohortModerator,
  cohort_member: cohortMember,
  cohort_member_account: cohortMemberAccount,
  offscreen_inference: offscreenInference,
  chronicler,
  lore_crafter: loreCrafter,
  partial_profile: partialProfile,
  creation,
};
