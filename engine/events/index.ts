// engine/events: the event taxonomy, the truth set, predicates, trigger subscriptions and the cascade processor
// (event-system.md; ARCHITECTURE §8.5). Classification stages live beside this and feed it ledger records.
export type { EntityId, NarrativeEvent, NarrativeEventType, SceneId, WorldValue } from './narrative-event.ts';
export type {
  InterpretiveJudgment,
  JudgmentCategory,
  JudgmentCategoryKind,
  JudgmentSource,
  JudgmentStanding,
  ShiftDirection,
} from './judgment.ts';
export {
  propositionKey,
  normalizeKey,
  type ChangeSet,
  type Occurrence,
  type PropositionOp,
  type Stamp,
} from './proposition.ts';
export { TruthSet, type TruthSnapshot, type FactualEntry, type InterpretiveEntry } from './truth-set.ts';
export { eventPropositions, judgmentPropositions } from './translate.ts';
export { applyEntry, rebuild, type LedgerEntry, type LedgerRecord } from './ledger.ts';
export {
  boundedPredicateSchema,
  predicateSchema,
  predicateNesting,
  predicateAtoms,
  MAX_PREDICATE_NESTING,
  type Predicate,
} from './predicate.ts';
export { evaluate, DEFAULT_MIN_CONFIDENCE, type EvaluationContext, type EvaluationTrace } from './evaluate.ts';
export {
  subscriptionSchema,
  sensitivitySchema,
  type Sensitivity,
  triggerFileSchema,
  effectSchema,
  priorityTierSchema,
  promotionReasonSchema,
  effectiveTier,
  DEFAULT_REFRACTORY_TURNS,
  type Subscription,
  type Effect,
  type PriorityTier,
  type PromotionReason,
} from './subscription.ts';
export { accumulatorThresholds, thresholdCrossings, thresholdRef, type AccumulatorThreshold } from './thresholds.ts';
export { TriggerIndex, type Candidate, type ChangeEvaluation, type Held } from './trigger-index.ts';
export type { Directive } from './effects.ts';
export {
  runCascade,
  DEFAULT_CASCADE_LIMITS,
  type CascadeInput,
  type CascadeLimits,
  type CascadeResult,
  type DeferredEvent,
  type DeferReason,
  type Firing,
} from './cascade.ts';
export {
  defaultAgentSubscriptions,
  routeRecord,
  type AgentRoute,
  type EventPattern,
  type RouteFilter,
} from './agent-routing.ts';
export {
  isInterpretive,
  isProducible,
  judgedProposition,
  judgmentForProposition,
  judgmentSubjects,
} from './judgment-of-proposition.ts';
export * from './classify/index.ts';
