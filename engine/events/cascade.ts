import { effectOutcome, type Directive } from './effects.ts';
import { DEFAULT_MIN_CONFIDENCE, type EvaluationTrace } from './evaluate.ts';
import { applyEntry, type LedgerEntry, type LedgerRecord } from './ledger.ts';
import { predicateAtoms } from './predicate.ts';
import { emptyChanges, mergeChanges } from './proposition.ts';
import { effectTier, tierRank, type Effect, type PriorityTier } from './subscription.ts';
import type { Held, TriggerIndex } from './trigger-index.ts';
import type { TruthSet } from './truth-set.ts';

/** event-system.md, Bounded Cascades (configurable per story). */
export interface CascadeLimits {
  /** Trigger firings in one causal chain; the initiating events are depth 0. */
  readonly maxDepth: number;
  /** Events applied in one cascade, the initiating ones included. */
  readonly maxEvents: number;
  /** Time budget per tier, from the start of the cascade. */
  readonly budgetMs: { readonly immediate: number; readonly scene_local: number };
}
export const DEFAULT_CASCADE_LIMITS: CascadeLimits = {
  maxDepth: 4,
  maxEvents: 16,
  budgetMs: { immediate: 500, scene_local: 2000 },
};

export interface CascadeInput {
  readonly truth: TruthSet;
  readonly triggers: TriggerIndex;
  readonly turn: number;
  /** The ledger sequence of the first event applied. */
  readonly firstSeq: number;
  /** What happened: applied whatever the limits (they are the turn's facts); only what they cause is bounded. */
  readonly records: readonly LedgerRecord[];
  readonly minConfidence?: number;
  readonly limits?: CascadeLimits;
  /**
   * The turn (and in-world time) moved on since triggers were last evaluated: the first level also evaluates the
   * subscriptions time alone made hold (TriggerIndex.evaluateChanges). A turn's first cascade passes it.
   */
  readonly elapsed?: boolean;
  /** A monotonic clock in ms (the Clock port's `monotonic`): the cascade never reads time itself. */
  readonly monotonic: () => number;
}

export interface Firing {
  readonly subscriptionId: string;
  readonly subscriber: string;
  readonly depth: number;
  readonly trace: EvaluationTrace;
  /** It rests on a provisional judgment: the Storykeeper may dampen or reverse it (event-system.md, Stage 4). */
  readonly provisional: boolean;
}
export type DeferReason = 'deferred_tier' | 'depth' | 'event_limit' | 'timeout';
/** Work for the scene boundary, in the order it arose (returned, never dropped). */
export interface DeferredEvent {
  readonly outcome:
    | { readonly kind: 'record'; readonly record: LedgerRecord }
    | { readonly kind: 'directive'; readonly directive: Directive };
  readonly effect: Effect | null;
  readonly causedBy: string | null;
  readonly reason: DeferReason;
}
export interface CascadeResult {
  /** The ledger entries to commit with the turn. */
  readonly applied: readonly LedgerEntry[];
  readonly firings: readonly Firing[];
  readonly directives: readonly Directive[];
  readonly deferred: readonly DeferredEvent[];
  /** Triggers that held but were suppressed (refractory period, cycle detection). */
  readonly held: readonly Held[];
  readonly expired: readonly string[];
  readonly evaluations: number;
  readonly nextSeq: number;
}

interface Pending {
  readonly record: LedgerRecord;
  readonly tier: PriorityTier;
  readonly causedBy: string | null;
  readonly effect: Effect | null;
}

/**
 * The cascade processor: apply a level of events, match triggers against the updated truth set, turn fired effects
 * into the next level's events; stop at the depth limit or when nothing new fires. Oscillation guards: OneShot
 * removal and Ongoing refractory periods (in the trigger index), and cycle detection here: an (event, subscription)
 * pair that recurs within the cascade is suppressed.
 */
export function runCascade(input: CascadeInput): CascadeResult {
  const limits = input.limits ?? DEFAULT_CASCADE_LIMITS;
  const context = {
    truth: input.truth,
    turn: input.turn,
    minConfidence: input.minConfidence ?? DEFAULT_MIN_CONFIDENCE,
  };
  const startedAt = input.monotonic();
  const result: { applied: LedgerEntry[]; firings: Firing[]; directives: Directive[]; deferred: DeferredEvent[] } = {
    applied: [],
    firings: [],
    directives: [],
    deferred: [],
  };
  const held: Held[] = [];
  const expired: string[] = [];
  const seenPairs = new Set<string>();
  let evaluations = 0;
  let seq = input.firstSeq;
  let level: Pending[] = input.records.map((record) => ({ record, tier: 'immediate', causedBy: null, effect: null }));

  // A first level with no events still looks at what time alone changed.
  for (let depth = 0; level.length > 0 || (depth === 0 && input.elapsed === true); depth++) {
    // Immediate work first within a level: a mandate caused by an echo is not queued behind scene-local shifts.
    level = [...level].sort((a, b) => tierRank(a.tier) - tierRank(b.tier));
    const changes = emptyChanges();
    const writers = new Map<string, string[]>();
    for (const pending of level) {
      if (depth > 0) {
        const reason = overLimit(pending, result.applied.length, input.monotonic() - startedAt, limits);
        if (reason !== null) {
          result.deferred.push({
            outcome: { kind: 'record', record: pending.record },
            effect: pending.effect,
            causedBy: pending.causedBy,
            reason,
          });
          continue;
        }
      }
      const entry: LedgerEntry = { seq: seq++, turn: input.turn, record: pending.record };
      const own = applyEntry(input.truth, entry, context.minConfidence);
      const signature = JSON.stringify(pending.record);
      for (const key of [...own.propositions, ...[...own.accumulators].map((k) => `#${k}`)])
        writers.set(key, [...(writers.get(key) ?? []), signature]);
      mergeChanges(changes, own);
      result.applied.push(entry);
    }

    const evaluation = input.triggers.evaluateChanges(changes, context, depth === 0 && input.elapsed === true);
    evaluations += evaluation.evaluated.length;
    held.push(...evaluation.held);
    expired.push(...evaluation.expired);
    const next: Pending[] = [];
    for (const { subscription, trace } of evaluation.candidates) {
      const pairs = causes(subscription.predicate, writers).map((signature) => `${signature}→${subscription.id}`);
      if (pairs.length > 0 && pairs.every((pair) => seenPairs.has(pair))) {
        held.push({ subscriptionId: subscription.id, reason: 'cycle', trace });
        continue;
      }
      for (const pair of pairs) seenPairs.add(pair);
      input.triggers.recordFiring(subscription.id, input.turn);
      result.firings.push({
        subscriptionId: subscription.id,
        subscriber: subscription.subscriber,
        depth,
        trace,
        provisional: trace.provisional,
      });
      for (const effect of subscription.effects) {
        const tier = effectTier(effect, subscription);
        const outcome = effectOutcome(effect, subscription.id, tier, input.truth);
        const causedBy = subscription.id;
        if (tier === 'deferred') result.deferred.push({ outcome, effect, causedBy, reason: 'deferred_tier' });
        else if (outcome.kind === 'directive') result.directives.push(outcome.directive);
        else if (depth + 1 > limits.maxDepth) result.deferred.push({ outcome, effect, causedBy, reason: 'depth' });
        else next.push({ record: outcome.record, tier, causedBy, effect });
      }
    }
    level = next;
  }
  return { ...result, held, expired, evaluations, nextSeq: seq };
}

function overLimit(
  pending: Pending,
  appliedCount: number,
  elapsedMs: number,
  limits: CascadeLimits,
): DeferReason | null {
  if (appliedCount >= limits.maxEvents) return 'event_limit';
  const budget = pending.tier === 'immediate' ? limits.budgetMs.immediate : limits.budgetMs.scene_local;
  return elapsedMs > budget ? 'timeout' : null;
}

/** The events of this level that changed something the predicate reads. */
function causes(
  predicate: Parameters<typeof predicateAtoms>[0],
  writers: ReadonlyMap<string, readonly string[]>,
): string[] {
  const atoms = predicateAtoms(predicate);
  const found = new Set<string>();
  for (const key of atoms.propositions) for (const signature of writers.get(key) ?? []) found.add(signature);
  for (const key of atoms.accumulators) for (const signature of writers.get(`#${key}`) ?? []) found.add(signature);
  return [...found];
}
