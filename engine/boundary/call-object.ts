import type { EngineEvent } from '../api/index.ts';
import { LlmError, type LlmRouter, type LlmUsage } from '../llm/index.ts';
import type { Clock } from '../platform/index.ts';
import type { NewStageCall } from '../store/index.ts';
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
  return async <T>(call: StepStageCall<T>): Promise<T> => {
    const { stage, principal } = call;
    const timeout = AbortSignal.timeout(deps.stageTimeoutMs);
    const signal = AbortSignal.any([deps.signal, timeout]);
    const started = deps.clock.monotonic();
    deps.emit({ type: 'stage.started', saveId: deps.saveId, turn: deps.turn, stage, principal });
    let provider = 'unknown';
    let model = 'unknown';
    try {
      const llm = await deps.router.forStage(stage);
      provider = llm.kind;
      model = llm.model;
      const result = await llm.generateObject({
        stage,
        principal,
        messages: call.messages,
        schema: call.schema,
        schemaName: call.schemaName,
        signal,
        ...(call.temperature === undefined ? {} : { temperature: call.temperature }),
        ...(call.maxTokens === undefined ? {} : { maxTokens: call.maxTokens }),
      });
      deps.log.push(logRow(call, { provider, model, output: result.text, usage: result.usage }));
      deps.emit({
        type: 'stage.finished',
        saveId: deps.saveId,
        turn: deps.turn,
        stage,
        principal,
        usage: result.usage,
      });
      return result.value;
    } catch (error) {
      const reason = timeout.aborted
        ? `no answer within ${Math.round(deps.stageTimeoutMs / 1000)} s`
        : deps.signal.aborted
          ? 'the scene boundary was stopped'
          : describe(error);
      deps.log.push(logRow(call, { provider, model, error: reason, totalMs: deps.clock.monotonic() - started }));
      throw new StepCallFailure(stage, principal, reason, { cause: error });
    }
  };
}

function logRow(
  call: StepStageCall<unknown>,
  outcome: { provider: string; model: string; output?: string; usage?: LlmUsage; error?: string; totalMs?: number },
): NewStageCall {
  return {
    stage: call.stage,
    principal: call.principal,
    provider: outcome.provider,
    model: outcome.model,
    prompt: call.messages,
    output: outcome.output ?? null,
    promptTokens: outcome.usage?.promptTokens ?? null,
    cachedTokens: outcome.usage?.cachedPromptTokens ?? null,
    generatedTokens: outcome.usage?.generatedTokens ?? null,
    ttftMs: outcome.usage?.timeToFirstTokenMs ?? null,
    totalMs: outcome.usage?.totalMs ?? outcome.totalMs ?? null,
    error: outcome.error ?? null,
  };
}

function describe(error: unknown): string {
  if (error instanceof LlmError) return error.message.replace(/^[a-z_]+: /u, '');
  return error instanceof Error ? error.message : String(error);
}
