/**
 * engine/npc: the pure core of npc-simulation.md — knowledge graphs behind per-principal views, character tiers with
 * the arc_important cap, and the SimulationPlanner's rules (who simulates, for how long, in which cohorts). No LLM
 * calls here: IntentCheck answers, importance flags and tier signals come in as data. Every stored value is plain
 * JSON, checkpointed by the save and restored with the `restore…` functions.
 */
export {
  describeDuration,
  hours,
  inWorldMinutes,
  inWorldText,
  MINUTES_PER_DAY,
  MINUTES_PER_HOUR,
} from './in-world-time.ts';
export type { InWorldMinute } from './in-world-time.ts';

export {
  INFERENCE_SALIENCE_CAP,
  KNOWLEDGE_KINDS,
  KNOWLEDGE_SOURCES,
  MAX_SALIENCE,
  MIN_SALIENCE,
} from './knowledge/entry.ts';
export type {
  Audience,
  KnowledgeDraft,
  KnowledgeEntry,
  KnowledgeKind,
  KnowledgeSource,
  Principal,
  Provenance,
  VisibleEntry,
} from './knowledge/entry.ts';
export { emptyKnowledgeStore, recordKnowledge } from './knowledge/store.ts';
export type { KnowledgeStore } from './knowledge/store.ts';
export {
  DEFAULT_WORLD_EVENT_SALIENCE,
  recordWorldEvents,
  WORLD_EVENT_TAG,
  worldEventDrafts,
} from './knowledge/world-events.ts';
export type { EmittedWorldEvent } from './knowledge/world-events.ts';
export { knowledgeView } from './knowledge/view.ts';
export type { KnowledgeView } from './knowledge/view.ts';
export { DEFAULT_RETRIEVAL_WEIGHTS } from './knowledge/retrieve.ts';
export type { RankedEntry, RetrievalQuery, RetrievalWeights, ScoreParts } from './knowledge/retrieve.ts';
export { audienceSchema, knowledgeDraftSchema, readKnowledgeWrite } from './knowledge/draft-schema.ts';
export { LEARNED_TAG, LORE_SALIENCE, LORE_TAG, loreDrafts, recordLore } from './knowledge/lore.ts';
export type { LoreFact } from './knowledge/lore.ts';
export { recall } from './knowledge/recall.ts';
export type { RecallQuery, Recollection } from './knowledge/recall.ts';
export { restoreKnowledgeStore } from './knowledge/restore.ts';
export type { RestoredKnowledge } from './knowledge/restore.ts';

export {
  CHARACTER_TIERS,
  countTier,
  createTierRoster,
  DEFAULT_ARC_IMPORTANT_CAP,
  enrolCharacter,
  idsOfTier,
  keepsKnowledgeGraph,
  markRelevant,
  tierOf,
  tierRank,
} from './tiers/tier.ts';
export type { CharacterTier, CreatedRoster, RosterSeed, TierRecord, TierRoster } from './tiers/tier.ts';
export { combineFlags, NO_FLAGS } from './tiers/tier-requests.ts';
export type { ImportanceFlags, TierRequest } from './tiers/tier-requests.ts';
export { applyImportanceFlags } from './tiers/apply-flags.ts';
export type { RefusedRequest, TierChange, TierUpdate } from './tiers/apply-flags.ts';
export { DEFAULT_LONG_TERM_ABSENCE, ruleTierRequests } from './tiers/tier-rules.ts';
export type { TierSignals } from './tiers/tier-rules.ts';
export {
  describePartialProfile,
  needsPartialProfile,
  partialProfileSchema,
  RECURRING_APPEARANCES,
} from './tiers/partial-profile.ts';
export type { PartialProfile, PartialProfileDecision, PartialProfileQuestion } from './tiers/partial-profile.ts';
export {
  countAppearances,
  EMPTY_PROFILES_STATE,
  profilesStateSchema,
  restoreProfilesState,
} from './tiers/profiles-state.ts';
export type { ProfilesState } from './tiers/profiles-state.ts';
export { restoreTierRoster } from './tiers/restore-roster.ts';
export type { RestoredRoster } from './tiers/restore-roster.ts';

export { DEFAULT_PLANNER_SETTINGS } from './simulation/settings.ts';
export type { PlannerSettings } from './simulation/settings.ts';
export type { PlannerCharacter } from './simulation/freshness.ts';
export { chooseWindow, type LikelyEncounter, type NaturalBreak, type SimulationWindow } from './simulation/period.ts';
export { planSimulation } from './simulation/planner.ts';
export type { CharacterDecision, LikelyAppearance, PlannerInput, SimulationPlan } from './simulation/planner.ts';
export type { RoutineSlot } from './simulation/routine.ts';
export { FACTOR_POINTS, scoreAllPairs, scorePair } from './simulation/pair-score.ts';
export type { CohortCandidate, PairScore, ScoreFactor } from './simulation/pair-score.ts';
export { resolvePair, stanceToward } from './simulation/intent.ts';
export type { IntentCheckAnswer, PairResolution, Stance } from './simulation/intent.ts';
export { COHORT_THRESHOLD, intentChecksNeeded, uncertainPairs } from './simulation/uncertain-pairs.ts';
export type { IntentCheckRequest, UncertainPair } from './simulation/uncertain-pairs.ts';
export { formCohorts, MAX_COHORT_SIZE } from './simulation/cohorts.ts';
export type { CohortPlan } from './simulation/cohorts.ts';
export type { Cohort, Link } from './simulation/cohort-link.ts';
export { chroniclerSimulationEvents, simulationCycleForChronicler } from './simulation/chronicler-timeline.ts';
export type { CycleEvents } from './simulation/chronicler-timeline.ts';

export {
  emptySocialGraph,
  restoreSocialGraph,
  SHARED_SCENE_STRENGTH,
  strengthenSharedScene,
  tieStrength,
  withTie,
} from './social/ties.ts';
export type { SocialGraph, SocialTie } from './social/ties.ts';
export {
  attenuatedSalience,
  HOP_ATTENUATION,
  INFERENCE_TAG,
  MAX_RIPPLE_DEPTH,
  MIN_PATH_STRENGTH,
  rippleDrafts,
  RUMOR_TAG,
  spreadNews,
} from './social/ripple.ts';
export type { NewsReach, RippleHop, SceneNews } from './social/ripple.ts';

export * from './offscreen/index.ts';
export {
  applyShifts,
  DEFAULT_DIMENSIONS,
  describeValues,
  emptyStandings,
  isStrong,
  ownSides,
  ownStandingText,
  ownStandingTexts,
  readStandings,
  restoreStandings,
  shiftStanding,
  standingOf,
  standingShiftSchema,
  strongTies,
  STRONG_STANDING,
  WARM_DIMENSIONS,
  withWarmTies,
} from './social/standing.ts';
export type { Standing, Standings, StandingShift } from './social/standing.ts';
