import type {
  DeferredEvent,
  Directive,
  Firing,
  Held,
  InterpretiveJudgment,
  LedgerEntry,
  StructuralParse,
  TruthSnapshot,
} from '../../events/index.ts';
import type { NewStageCall } from '../../store/index.ts';
import type { LogEntry } from '../../world/index.ts';
import type { TurnContext } from '../turn-context.ts';
import type { Classification } from './classify-turn.ts';
import type { PendingInterpretation } from './deep-interpretation.ts';
import type { EventState } from './event-state.ts';
import { reconcile, type ReconcileNote } from './reconcile.ts';
import type { EventRuntime } from './runtime.ts';
import type { Violation } from './world-step.ts';
import type { ContextReport } from '../storykeeper/index.ts';

/** What the session hands a turn: the live runtime, the saved state, and a Stage 4 call from an earlier turn. */
export interface EventTurnInput {
  readonly runtime: EventRuntime;
  readonly state: EventState;
  readonly carried: readonly PendingInterpretation[];
}

/** What the turn hands back to commit: ledger rows, the new state, the report and a truth checkpoint at scene entry. */
export interface EventTurnOutput {
  readonly ledger: readonly LedgerEntry[];
  readonly state: EventState;
  readonly report: EventsReport;
  readonly truthCheckpoint: TruthSnapshot | null;
  /** Stage 4 calls still in flight at commit: a later turn takes them in. */
  readonly pending: readonly PendingInterpretation[];
}

export interface ReconcileReport {
  /** The turn whose Stage 4 call this was. */
  readonly fromTurn: number;
  readonly failure: string | null;
  readonly notes: readonly ReconcileNote[];
  readonly mayBeRevised: readonly string[];
  readonly firings: readonly Firing[];
}

/** A turn's classification as the debug panel and `inspect truth` show it (saved as a checkpoint with the turn). */
export interface EventsReport {
  readonly turn: number;
  readonly parse: StructuralParse | null;
  readonly violation: Violation | null;
  readonly judgments: readonly InterpretiveJudgment[];
  readonly firings: readonly Firing[];
  readonly held: readonly Held[];
  readonly directives: readonly Directive[];
  readonly deferred: readonly DeferredEvent[];
  readonly refreshed: readonly string[];
  readonly sensitivityEntries: number;
  readonly worldLog: readonly LogEntry[];
  readonly sceneEntered: boolean;
  /** Information gates opened this turn. */
  readonly opened: readonly string[];
  /** How the Narrator's retrieved tier (Tier 3) was chosen: every candidate with its factors. */
  readonly context: ContextReport;
  readonly reconciliations: readonly ReconcileReport[];
  /** Stage 4 of this turn: not run, landed within the turn, still running at commit, or failed. */
  readonly interpretation: 'none' | 'landed' | 'pending' | 'failed';
}

export function classificationReport(turn: number, classification: Classification) {
  const { cascades } = classification;
  return {
    turn,
    parse: classification.parse,
    violation: classification.violation,
    judgments: classification.judgments,
    firings: cascades.flatMap((c) => c.firings),
    held: cascades.flatMap((c) => c.held),
    directives: cascades.flatMap((c) => c.directives),
    deferred: cascades.flatMap((c) => c.deferred),
    refreshed: classification.refreshed,
    sensitivityEntries: classification.map.entries.length,
    worldLog: classification.worldLog,
    sceneEntered: classification.sceneEntered,
    opened: classification.opened,
    context: classification.context,
  } satisfies Omit<EventsReport, 'reconciliations' | 'interpretation'>;
}

export interface Landed {
  readonly events: EventState;
  readonly ledger: readonly LedgerEntry[];
  readonly report: ReconcileReport;
  readonly stageLog: readonly NewStageCall[];
}

/** Takes in a Stage 4 call that has landed (from this turn or an earlier one); one still in flight is left alone. */
export function takeLanded(
  context: TurnContext,
  runtime: EventRuntime,
  pending: PendingInterpretation,
  events: EventState,
): Landed | null {
  const settled = pending.settled;
  if (settled === null) return null;
  const result = reconcile(context.pack, runtime, events, settled, pending.provisional, context.buffer.turn, () =>
    context.clock.monotonic(),
  );
  return {
    events: result.events,
    ledger: result.cascade?.applied ?? [],
    stageLog: settled.stageLog,
    report: {
      fromTurn: settled.turn,
      failure: result.failure,
      notes: result.notes,
      mayBeRevised: result.mayBeRevised,
      firings: result.cascade?.firings ?? [],
    },
  };
}
