import type { z } from 'zod';
import type { StageKind } from '../api/index.ts';
import { LlmError, type LlmMessage, type LlmTextResult, type LlmUsage } from '../llm/index.ts';
import { StageFailure } from './stage-failure.ts';
import type { TurnContext } from './turn-context.ts';

export interface StageCallRequest {
  readonly stage: StageKind;
  readonly principal: string;
  readonly messages: readonly LlmMessage[];
  readonly temperature?: number;
  readonly maxTokens?: number;
  readonly onTextDelta?: (delta: string) => void;
  readonly signal?: AbortSignal;
}

/**
 * One LLM call of a turn: announced (stage.started/finished), bounded by the stage timeout and the turn's signal,
 * and logged whether it succeeds or fails. Any failure becomes a StageFailure naming the stage.
 */
export async function callStageText(context: TurnContext, request: StageCallRequest): Promise<LlmTextResult> {
  return runLogged(context, request, (provider, signal) => provider.generateText({ ...llmRequest(request), signal }));
}

export async function callStageObject<T>(
  context: TurnContext,
  request: StageCallRequest & { readonly schema: z.ZodType<T>; readonly schemaName: string },
): Promise<LlmTextResult & { readonly value: T }> {
  return runLogged(context, request, (provider, signal) =>
    provider.generateObject({ ...llmRequest(request), schema: request.schema, schemaName: request.schemaName, signal }),
  );
}

type Provider = Awaited<ReturnType<TurnContext['router']['forStage']>>;

async function runLogged<R extends LlmTextResult>(
  context: TurnContext,
  request: StageCallRequest,
  call: (provider: Provider, signal: AbortSignal) => Promise<R>,
): Promise<R> {
  const { stage, principal } = request;
  const timeout = AbortSignal.timeout(context.stageTimeoutMs);
  const signal = AbortSignal.any([context.signal, timeout, ...(request.signal ? [request.signal] : [])]);
  const started = context.clock.monotonic();
  context.emit({ type: 'stage.started', saveId: context.saveId, turn: context.buffer.turn, stage, principal });
  let providerName = 'unknown';
  let model = 'unknown';
  try {
    const provider = await context.router.forStage(stage);
    providerName = provider.kind;
    model = provider.model;
    const result = await call(provider, signal);
    log(context, request, { provider: providerName, model, output: result.text, usage: result.usage });
    context.emit({
      type: 'stage.finished',
      saveId: context.saveId,
      turn: context.buffer.turn,
      stage,
      principal,
      usage: result.usage,
    });
    return result;
  } catch (error) {
    const reason = timeout.aborted
      ? `no answer within ${Math.round(context.stageTimeoutMs / 1000)} s`
      : context.signal.aborted
        ? 'the turn was cancelled'
        : describe(error);
    log(context, request, {
      provider: providerName,
      model,
      error: reason,
      totalMs: context.clock.monotonic() - started,
    });
    throw error instanceof StageFailure ? error : new StageFailure(stage, principal, reason, { cause: error });
  }
}

function llmRequest(request: StageCallRequest) {
  return {
    stage: request.stage,
    principal: request.principal,
    messages: request.messages,
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.maxTokens === undefined ? {} : { maxTokens: request.maxTokens }),
    ...(request.onTextDelta === undefined ? {} : { onTextDelta: request.onTextDelta }),
  };
}

function log(
  context: TurnContext,
  request: StageCallRequest,
  outcome: { provider: string; model: string; output?: string; usage?: LlmUsage; error?: string; totalMs?: number },
): void {
  context.stageLog.push({
    stage: request.stage,
    principal: request.principal,
    provider: outcome.provider,
    model: outcome.model,
    prompt: request.messages,
    output: outcome.output ?? null,
    promptTokens: outcome.usage?.promptTokens ?? null,
    cachedTokens: outcome.usage?.cachedPromptTokens ?? null,
    generatedTokens: outcome.usage?.generatedTokens ?? null,
    ttftMs: outcome.usage?.timeToFirstTokenMs ?? null,
    totalMs: outcome.usage?.totalMs ?? outcome.totalMs ?? null,
    error: outcome.error ?? null,
  });
}

function describe(error: unknown): string {
  if (error instanceof LlmError) return error.message.replace(/^[a-z_]+: /u, '');
  return error instanceof Error ? error.message : String(error);
}
