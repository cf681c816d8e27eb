import { llmRequest, loggedStageCall, type StageCallScope } from '../stage-call/index.ts';
import type { StepStageCall } from './contract.ts';

/** A step's call scope: the closing turn's number, the run's signal, and the step attempt's log (see StageCallScope). */
export type CallObjectDeps = Omit<StageCallScope, 'cancelled'>;

/** A step's LLM call failed: only its message is read (the step's error names the stage and the reason). */
class StepCallFailure extends Error {
  constructor(stage: string, principal: string, reason: string, options?: ErrorOptions) {
    super(`${stage} (${principal}): ${reason}`, options);
    this.name = 'StepCallFailure';
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
      (provider, signal, fitted) =>
        provider.generateObject({ ...llmRequest(fitted), schema: call.schema, schemaName: call.schemaName, signal }),
      (stage, principal, reason, cause) => new StepCallFailure(stage, principal, reason, { cause }),
    );
    return result.value;
  };
}
