import type { EngineEvent } from '../api/index.ts';
import type { LlmRouter } from '../llm/index.ts';
import type { Clock } from '../platform/index.ts';
import type { NewStageCall } from '../store/index.ts';
import { llmRequest, loggedStageCall } from '../stage-call/index.ts';
import type { StepStageCall } from './contract.ts';

export interface CallObjectDeps {
  readonly saveId: string;
  /** The closing turn's story number: stage events and logs are attached to it. */
  readonly turn: number;
  readonly router: LlmRouter;
  readonly clock: Clock;
  readonly emit: (event: EngineEvent) => void;
  readonly stageTimeoutMs: number;
  readonly signal: AbortSignal;
  /** The step attempt's log: written with the step's outcome, in the same transaction. */
  readonly log: NewStageCall[];
}

/** A step's LLM call failed: the stage and the reason, as the step's error names them. */
export class StepCallFailure extends Error {
  readonly stage: string;
  readonly principal: string;
  readonly reason: string;

  constructor(stage: string, principal: string, reason: string, options?: ErrorOptions) {
    super(`${stage} (${principal}): ${reason}`, options);
    this.name = 'StepCallFailure';
    this.stage = stage;
    this.principal = principal;
    this.reason = reason;
  }
}

/**
 * The `callObject` of a step's context: like a turn's stage call (engine/turn/call-stage.ts) — announced with
 * stage.started/finished, bounded by the stage timeout and the run's signal, logged whether it succeeds or fails.
 */
export function createCallObject(deps: CallObjectDeps): <T>(call: StepStageCall<T>) => Promise<T> {
  const scope = { ...deps, cancelled: 'the scene boundary was stopped' };
  return async <T>(call: StepStageCall<T>): Promise<T> => {
    const result = await loggedStageCall(
      scope,
      call,
      (provider, signal) =>
        provider.generateObject({ ...llmRequest(call), schema: call.schema, schemaName: call.schemaName, signal }),
      (stage, principal, reason, cause) => new StepCallFailure(stage, principal, reason, { cause }),
    );
    return result.value;
  };
}
