import type { StreamEntry } from '../../stream/index.ts';
import type { World } from '../../world/index.ts';
import type { TurnContext } from '../turn-context.ts';
import { classifyTurn, type Classification } from './classify-turn.ts';
import { interpretStep, type InterpretStep } from './deep-interpretation.ts';
import { classificationReport, type EventTurnInput, type EventTurnOutput } from './turn-events.ts';
import type { ContextReport } from '../../storykeeper/index.ts';

export type { EventTurnInput, EventTurnOutput, EventsReport, ReconcileReport } from './turn-events.ts';
export type { EventState } from './event-state.ts';
export { eventStateSchema } from './event-state.ts';
export {
  INTERPRET_STAGE,
  interpretReplySchema,
  interpretStepSchema,
  interpretationSchema,
  interpretStep,
  refinedJudgments,
  type Interpretation,
  type InterpretStep,
} from './deep-interpretation.ts';
export { reconcileAfterTurn, type AfterTurnReconciliation } from './reconcile-after-turn.ts';
export {
  EVENTS_REPORT_CHECKPOINT,
  TRUTH_CHECKPOINT,
  initialEventState,
  lexiconOf,
  loadEventRuntime,
  toLedgerEntry,
  weighedLandscape,
  type EventRuntime,
} from './runtime.ts';
export type { Violation } from './world-step.ts';

/** The persona's input classified, with this turn's Stage 4 rendered for after the turn (null when none runs). */
export interface Classified {
  readonly classification: Classification;
  readonly interpret: InterpretStep | null;
}

/**
 * Runs before any Narrator call of the persona's round: stages 1–3, then this turn's Stage 4 rendered as an after-turn
 * step (its call runs with the turn's after-turn work; earlier turns' were reconciled when their work was applied).
 */
export function classifyPersonaInput(
  context: TurnContext,
  input: EventTurnInput,
  request: { readonly intention: StreamEntry; readonly opened: boolean; readonly whisperTo: string | null },
): Classified {
  const classification = classifyTurn(context, { ...request, runtime: input.runtime, events: input.state });
  const interpret =
    classification.violation === null
      ? interpretStep(context, {
          parse: classification.parse,
          map: classification.map,
          provisional: classification.judgments,
          intention: request.intention,
        })
      : null;
  return { classification, interpret };
}

/**
 * At the end of the turn: the ledger rows, the new state, the report (with how the Narrator's retrieved tier was
 * chosen), the truth checkpoint at scene entry, and the runtime the session keeps once the turn commits.
 */
export function finishTurnEvents(
  context: TurnContext,
  classified: Classified,
  retrieval: ContextReport,
  world: World | null = classified.classification.world,
): EventTurnOutput {
  const { classification, interpret } = classified;
  const report = {
    ...classificationReport(context.buffer.turn, classification, retrieval),
    // The whole turn's changes: the persona's intention, then the characters' and the settling of time and places.
    worldLog: world?.log ?? [],
    reconciliations: [],
    interpretation: interpret === null ? ('none' as const) : ('pending' as const),
  };
  return {
    ledger: classification.ledger,
    state: { ...classification.events, world: world?.state ?? null },
    report,
    truthCheckpoint: classification.sceneEntered ? classification.runtime.truth.snapshot() : null,
    runtime: classification.runtime,
  };
}
export { truthAt } from './truth-view.ts';
export { eventsReportAt } from './report-at.ts';
export { classifyTurn, type ClassifyContext, type Classification } from './classify-turn.ts';
