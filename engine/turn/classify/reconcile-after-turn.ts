import type { StoryPack } from '../../pack/index.ts';
import type { NewLedgerEntry, SaveStore } from '../../store/index.ts';
import type { InterpretStep, Interpretation } from './deep-interpretation.ts';
import type { EventState } from './event-state.ts';
import { reconcile } from './reconcile.ts';
import { eventsReportAt } from './report-at.ts';
import { loadEventRuntime } from './runtime.ts';
import type { EventsReport } from './turn-events.ts';
import { commitWorldFacts } from './world-step.ts';
import { startWorld } from '../../world/index.ts';

export interface AfterTurnReconciliation {
  readonly events: EventState;
  readonly ledger: readonly NewLedgerEntry[];
  /** The turn's classification report with the reconciliation added (null: the turn saved none). */
  readonly report: EventsReport | null;
}

/**
 * Stage 4's answer reconciled in its turn's after-turn apply step (issue 24): exactly once, in the transaction that
 * finishes the run, on the truth set the turn committed (rebuilt from the save, so a resumed run reconciles the same).
 * What it fires or defers joins the event state the next turn starts from; a gate it opens has the landscape weighed
 * again then.
 */
export function reconcileAfterTurn(
  store: SaveStore,
  pack: StoryPack,
  at: { readonly turn: number; readonly events: EventState; readonly monotonic: () => number },
  step: InterpretStep,
  interpretation: Interpretation,
): AfterTurnReconciliation {
  // Reconciling moves no landscape but by opening a gate (which clears its weighing): none is weighed here.
  const runtime = loadEventRuntime(pack, store.meta().personaId, store, { ...at.events, landscape: null });
  const result = reconcile(pack, runtime, at.events, interpretation, step.provisional, at.turn, at.monotonic);
  const applied = result.cascade?.applied ?? [];
  const ledger = applied.map((entry) => ({ seq: entry.seq, record: entry.record }));
  const saved = eventsReportAt(store, at.turn);
  // What a refined judgment set in the world is a change to the world, logged after the turn's own changes.
  const world =
    result.events.world === null
      ? null
      : commitWorldFacts(
          startWorld(result.events.world, { turn: at.turn, phase: 'turn' }, saved?.worldLog ?? []),
          applied,
        );
  const events = { ...result.events, world: world?.state ?? null };
  const report =
    saved === null
      ? null
      : {
          ...saved,
          worldLog: world?.log ?? saved.worldLog,
          interpretation: result.failure === null ? ('landed' as const) : ('failed' as const),
          reconciliations: [
            ...saved.reconciliations,
            {
              fromTurn: at.turn,
              failure: result.failure,
              notes: result.notes,
              mayBeRevised: result.mayBeRevised,
              firings: result.cascade?.firings ?? [],
            },
          ],
        };
  return { events, ledger, report };
}
