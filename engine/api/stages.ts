/** Every kind of LLM stage the engine runs. Settings route each kind to a provider; logs and events name them. */
export const STAGE_KINDS = [
  'narrator',
  'character_dialog',
  'npc_intent',
  'persona_intent',
  'persona_extractor',
  'character_extractor',
  'lore_extractor',
  'structural_parse',
  'deep_interpretation',
  'character_reflection',
  'chronicler',
  'lore_crafter',
  'intent_check',
  'standalone_simulation',
  'cohort_moderator',
  'cohort_member',
  'offscreen_inference',
  'partial_profile',
  'creation',
] as const;

export type StageKind = (typeof STAGE_KINDS)[number];

/**
 * The stages of a turn (pipeline-rules.md): each has a Handlebars template a pack may override, and a view of the
 * stream governed by the visibility matrix.
 */
export const TURN_STAGES = [
  'narrator',
  'character_dialog',
  'npc_intent',
  'persona_intent',
  'persona_extractor',
  'character_extractor',
  'lore_extractor',
] as const satisfies readonly StageKind[];
export type TurnStage = (typeof TURN_STAGES)[number];

/**
 * Scene-boundary templates a pack may override, like a turn stage's: named by their stage kind, or by what they ask
 * when one kind has several (a `cohort_member` call takes its turn in a round, or writes its account of the period).
 */
export const BOUNDARY_PROMPT_STAGES = [
  'character_reflection',
  'intent_check',
  'standalone_simulation',
  'cohort_moderator',
  'cohort_member',
  'cohort_member_account',
  'offscreen_inference',
  'chronicler',
  'lore_crafter',
  'partial_profile',
  'creation',
] as const;
export type BoundaryPromptStage = (typeof BOUNDARY_PROMPT_STAGES)[number];

export function isStageKind(value: string): value is StageKind {
  return (STAGE_KINDS as readonly string[]).includes(value);
}
