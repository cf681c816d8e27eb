import type { LedgerEntry } from '../../events/index.ts';
import type { StreamEntry } from '../../stream/index.ts';
import type { TurnContext } from '../turn-context.ts';
import { classifyTurn, type Classification } from './classify-turn.ts';
import { startDeepInterpretation, type PendingInterpretation } from './deep-interpretation.ts';
import type { EventState } from './event-state.ts';
import {
  classificationReport,
  takeLanded,
  type EventTurnInput,
  type EventTurnOutput,
  type ReconcileReport,
} from './turn-events.ts';

export type { EventTurnInput, EventTurnOutput, EventsReport, ReconcileReport } from './turn-events.ts';
export type { EventState } from './event-state.ts';
export { eventStateSchema } from './event-state.ts';
export type { PendingInterpretation } from './deep-interpretation.ts';
export {
  EVENTS_REPORT_CHECKPOINT,
  TRUTH_CHECKPOINT,
  initialEventState,
  lexiconOf,
  loadEventRuntime,
  toLedgerEntry,
  type EventRuntime,
} from './runtime.ts';
export type { Violation } from './world-step.ts';

/** The persona's input classified, with the Stage 4 calls in play and what earlier ones brought in. */
export interface Classified {
  readonly classification: Classification;
  readonly ledgerBefore: readonly LedgerEntry[];
  readonly reconciliations: readonly ReconcileReport[];
  readonly inFlight: readonly PendingInterpretation[];
  readonly started: PendingInterpretation | null;
}

/**
 * Runs before any Narrator call of the persona's round: earlier Stage 4 results that have landed are reconciled
 * first (their effects belong to this turn), then stages 1–3, then this turn's Stage 4 is started and left running.
 */
export function classifyPersonaInput(
  context: TurnContext,
  input: EventTurnInput,
  request: { readonly intention: StreamEntry; readonly opened: boolean; readonly whisperTo: string | null },
): Classified {
  let events: EventState = input.state;
  const ledgerBefore: LedgerEntry[] = [];
  const reconciliations: ReconcileReport[] = [];
  const inFlight: PendingInterpretation[] = [];
  for (const pending of input.carried) {
    const landed = takeLanded(context, input.runtime, pending, events);
    if (landed === null) {
      inFlight.push(pending);
      continue;
    }
    events = landed.events;
    ledgerBefore.push(...landed.ledger);
    reconciliations.push(landed.report);
    context.stageLog.push(...landed.stageLog);
  }
  const classification = classifyTurn(context, { ...request, runtime: input.runtime, events });
  const started =
    classification.violation === null
      ? startDeepInterpretation(context, {
          parse: classification.parse,
          map: classification.map,
          provisional: classification.judgments,
          intention: request.intention,
        })
      : null;
  return { classification, ledgerBefore, reconciliations, inFlight, started };
}

/** At the end of the turn: this turn's Stage 4 if it has landed, the report, and the truth checkpoint at scene entry. */
export function finishTurnEvents(context: TurnContext, input: EventTurnInput, classified: Classified): EventTurnOutput {
  const { classification, started } = classified;
  let events = classification.events;
  const ledger = [...classified.ledgerBefore, ...classification.ledger];
  const reconciliations = [...classified.reconciliations];
  const pending = [...classified.inFlight];
  let interpretation: 'none' | 'landed' | 'pending' | 'failed' = 'none';
  if (started !== null) {
    const landed = takeLanded(context, input.runtime, started, events);
    if (landed === null) {
      pending.push(started);
      interpretation = 'pending';
    } else {
      events = landed.events;
      ledger.push(...landed.ledger);
      reconciliations.push(landed.report);
      context.stageLog.push(...landed.stageLog);
      interpretation = landed.report.failure === null ? 'landed' : 'failed';
    }
  }
  const report = {
    ...classificationReport(context.buffer.turn, classification),
    reconciliations,
    interpretation,
  };
  return {
    ledger,
    state: events,
    report,
    truthCheckpoint: classification.sceneEntered ? input.runtime.truth.snapshot() : null,
    pending,
  };
}
export { buildTruthView, truthAt } from './truth-view.ts';
export { eventsReportAt } from './report-at.ts';
export { classifyTurn, type ClassifyContext, type Classification } from './classify-turn.ts';
