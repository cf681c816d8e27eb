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
import type { LogEntry } from '../../world/index.ts';
import type { Classification } from './classify-turn.ts';
import type { ReconcileNote } from './reconcile.ts';
import type { EventState } from './event-state.ts';
import type { EventRuntime } from './runtime.ts';
import type { Violation } from './world-step.ts';
import type { ContextReport } from '../../storykeeper/index.ts';

/** What the session hands a turn: the runtime it keeps between turns (the turn works on a copy) and the saved state. */
export interface EventTurnInput {
  readonly runtime: EventRuntime;
  readonly state: EventState;
}

/** What the turn hands back to commit: ledger rows, the new state, the report and a truth checkpoint at scene entry. */
export interface EventTurnOutput {
  readonly ledger: readonly LedgerEntry[];
  readonly state: EventState;
  readonly report: EventsReport;
  readonly truthCheckpoint: TruthSnapshot | null;
  /** The runtime the next turn starts from: the session keeps it once this turn has committed. */
  readonly runtime: EventRuntime;
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
  /**
   * Stage 4 of this turn: not run, or (as the turn commits) pending; once its after-turn step is reconciled, landed
   * or failed (older saves may say it landed within the turn).
   */
  readonly interpretation: 'none' | 'landed' | 'pending' | 'failed';
}

export function classificationReport(turn: number, classification: Classification, context: ContextReport) {
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
    context,
  } satisfies Omit<EventsReport, 'reconciliations' | 'interpretation'>;
}
