import type { z } from 'zod';
import type { LlmTextResult } from '../llm/index.ts';
import { llmRequest, loggedStageCall, type StageCallRequest, type StageCallScope } from '../stage-call/index.ts';
import { promptFitter } from './render-stage.ts';
import { StageFailure } from './stage-failure.ts';
import type { TurnContext } from './turn-context.ts';

export type { StageCallRequest } from '../stage-call/index.ts';

/**
 * One LLM call of a turn: announced (stage.started/finished), bounded by the stage timeout and the turn's signal,
 * and logged whether it succeeds or fails. Any failure becomes a StageFailure naming the stage.
 */
export async function callStageText(context: TurnContext, request: StageCallRequest): Promise<LlmTextResult> {
  return loggedStageCall(
    turnScope(context),
    withFit(request),
    (provider, signal, fitted) => provider.generateText({ ...llmRequest(fitted), signal }),
    failTurn,
  );
}

export async function callStageObject<T>(
  context: TurnContext,
  request: StageCallRequest & {
    readonly schema: z.ZodType<T>;
    readonly schemaName: string;
    readonly replyOpening?: string;
  },
): Promise<LlmTextResult & { readonly value: T }> {
  return loggedStageCall(
    turnScope(context),
    withFit(request),
    (provider, signal, fitted) =>
      provider.generateObject({
        ...llmRequest(fitted),
        schema: request.schema,
        schemaName: request.schemaName,
        ...(request.replyOpening === undefined ? {} : { replyOpening: request.replyOpening }),
        signal,
      }),
    failTurn,
  );
}

/** A prompt the turn rendered can be rebuilt smaller, part by part, if the model cannot hold it. */
function withFit<R extends StageCallRequest>(request: R): R {
  const fit = promptFitter(request.messages);
  return fit === undefined || request.fit !== undefined ? request : { ...request, fit };
}

function turnScope(context: TurnContext): StageCallScope {
  return {
    saveId: context.saveId,
    turn: context.buffer.turn,
    router: context.router,
    clock: context.clock,
    emit: context.emit,
    stageTimeoutMs: context.stageTimeoutMs,
    signal: context.signal,
    cancelled: 'the turn was cancelled',
    log: context.stageLog,
  };
}

function failTurn(stage: StageCallRequest['stage'], principal: string, reason: string, cause: unknown): Error {
  return cause instanceof StageFailure ? cause : new StageFailure(stage, principal, reason, { cause });
}
