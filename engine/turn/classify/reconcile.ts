import {
  evaluate,
  judgedProposition,
  PLAYER,
  type CascadeResult,
  type InterpretiveJudgment,
} from '../../events/index.ts';
import type { StoryPack } from '../../pack/index.ts';
import type { EventState } from './event-state.ts';
import type { Interpretation } from './deep-interpretation.ts';
import { cascadeLimitsOf, type EventRuntime } from './runtime.ts';
import { cascadeWithGates } from '../../storykeeper/index.ts';

/** How Stage 4's refined judgment compares with Stage 3's provisional one (event-system.md, Stage 4). */
export interface ReconcileNote {
  readonly proposition: string;
  readonly provisional: number | null;
  readonly refined: number;
  readonly verdict: 'confirmed' | 'revised' | 'rejected' | 'new';
}

export interface Reconciliation {
  readonly turn: number;
  readonly failure: string | null;
  readonly cascade: CascadeResult | null;
  readonly notes: readonly ReconcileNote[];
  /** Provisional firings whose predicate no longer holds: the scene boundary may dampen or reverse them. */
  readonly mayBeRevised: readonly string[];
  /** Information gates the refined judgments opened: the landscape is weighed again on the next turn. */
  readonly opened: readonly string[];
  readonly events: EventState;
}

const REVISION = 0.3;

/**
 * Post-turn reconciliation of turn `turn`'s Stage 4: refined judgments replace provisional ones in the truth set and
 * Tier 2 triggers run again; what newly fires takes effect on the next Narrator call, and deferred work joins the
 * boundary queue.
 */
export function reconcile(
  pack: StoryPack,
  runtime: EventRuntime,
  events: EventState,
  interpretation: Interpretation,
  provisional: readonly InterpretiveJudgment[],
  turn: number,
  monotonic: () => number,
): Reconciliation {
  if (interpretation.failure !== null || interpretation.judgments.length === 0)
    return { turn, failure: interpretation.failure, cascade: null, notes: [], mayBeRevised: [], opened: [], events };
  const { results, opened } = cascadeWithGates(
    {
      truth: runtime.truth,
      triggers: runtime.triggers,
      turn,
      firstSeq: events.nextSeq,
      records: interpretation.judgments.map((judgment) => ({ kind: 'judgment', judgment })),
      minConfidence: pack.manifest.tuning.minConfidence,
      limits: cascadeLimitsOf(pack),
      monotonic,
    },
    runtime.graph,
    { sceneId: events.sceneId, present: events.present },
  );
  // A gate opened by a refined judgment moves the landscape: it is weighed again on the next turn.
  const landscape = opened.length > 0 ? { landscape: null } : {};
  const cascade = mergeResults(results);
  const revealed = revealedToPlayer(cascade);
  const context = { truth: runtime.truth, turn, minConfidence: pack.manifest.tuning.minConfidence };
  const mayBeRevised = pack.triggers
    .filter((subscription) => runtime.triggers.lastFired(subscription.id) === turn)
    .filter((subscription) => !evaluate(subscription.predicate, context).fired)
    .map((subscription) => subscription.id);
  return {
    turn,
    failure: null,
    cascade,
    notes: interpretation.judgments.map((judgment) => note(judgment, provisional)),
    mayBeRevised,
    opened,
    events: {
      ...events,
      ...landscape,
      fired: runtime.triggers.firedTurns(),
      removed: pack.triggers.map((s) => s.id).filter((id) => !runtime.triggers.has(id)),
      deferred: [...events.deferred, ...cascade.deferred],
      directives: [...events.directives, ...cascade.directives],
      nextSeq: cascade.nextSeq,
      ...(revealed.length === 0 ? {} : { unnarrated: [...new Set([...(events.unnarrated ?? []), ...revealed])] }),
    },
  };
}

function note(refined: InterpretiveJudgment, provisional: readonly InterpretiveJudgment[]): ReconcileNote {
  const proposition = judgedProposition(refined);
  const before = provisional.find((judgment) => judgment.id === refined.replaces);
  if (before === undefined) return { proposition, provisional: null, refined: refined.confidence, verdict: 'new' };
  const verdict =
    refined.confidence === 0
      ? 'rejected'
      : Math.abs(refined.confidence - before.confidence) >= REVISION
        ? 'revised'
        : 'confirmed';
  return { proposition, provisional: before.confidence, refined: refined.confidence, verdict };
}

/** The gates whose facts a cascade revealed to the protagonist (a gate opening, or a trigger's RevealFact). */
function revealedToPlayer(cascade: CascadeResult): string[] {
  return cascade.applied.flatMap(({ record }) =>
    record.kind === 'event' && record.event.type === 'InformationRevealed' && record.event.recipient === PLAYER
      ? [record.event.gate_id]
      : [],
  );
}

/** The cascades of one reconciliation (the judgments', then each gate release's) as one result. */
function mergeResults(results: readonly CascadeResult[]): CascadeResult {
  const last = results.at(-1);
  return {
    applied: results.flatMap((r) => r.applied),
    firings: results.flatMap((r) => r.firings),
    directives: results.flatMap((r) => r.directives),
    deferred: results.flatMap((r) => r.deferred),
    held: results.flatMap((r) => r.held),
    expired: results.flatMap((r) => r.expired),
    evaluations: results.reduce((sum, r) => sum + r.evaluations, 0),
    nextSeq: last?.nextSeq ?? 0,
  };
}
