import type { EngineEvent, StageKind } from '../api/index.ts';
import { LlmError, type LlmMessage, type LlmProvider, type LlmRouter, type LlmUsage } from '../llm/index.ts';
import type { Clock } from '../platform/index.ts';
import type { NewStageCall } from '../store/index.ts';
import { promptBudget, truncateToFit, type FittedPrompt, type PromptBudget } from './prompt-budget.ts';
import { errorMessage } from '../api/index.ts';

/** Where a stage call happens: a turn, or a scene-boundary step attached to the turn that closed the scene. */
export interface StageCallScope {
  readonly saveId: string;
  readonly turn: number;
  readonly router: LlmRouter;
  readonly clock: Clock;
  readonly emit: (event: EngineEvent) => void;
  readonly stageTimeoutMs: number;
  /** Aborted when the turn or run is cancelled. */
  readonly signal: AbortSignal;
  /** What a call reports when `signal` stops it ("the turn was cancelled"). */
  readonly cancelled: string;
  /** Every call is logged here, succeeded or failed; the caller writes it with its outcome. */
  readonly log: NewStageCall[];
}

export interface StageCallRequest {
  readonly stage: StageKind;
  readonly principal: string;
  readonly messages: readonly LlmMessage[];
  readonly temperature?: number;
  readonly maxTokens?: number;
  readonly onTextDelta?: (delta: string) => void;
  readonly signal?: AbortSignal;
  /**
   * Shrinks the prompt to a budget by dropping its lowest-value parts whole (the turn's stages know their parts);
   * without it, an over-long prompt only loses the middle of its longest message.
   */
  readonly fit?: (budget: PromptBudget) => Promise<FittedPrompt>;
}

/** The stage log's note of what was taken out of a prompt to fit the model's context (never sent to the model). */
export const TRIM_NOTE_ROLE = 'trimmed';

/** Any failure of a call, reworded for the player: the stage, who it was for, and why. */
export type StageCallFailure = (stage: StageKind, principal: string, reason: string, cause: unknown) => Error;

/**
 * One LLM call of the engine: announced (stage.started/finished), bounded by the stage timeout and the scope's signal,
 * and logged whether it succeeds or fails. A failure becomes the error `fail` makes of it.
 */
export async function loggedStageCall<R extends { readonly text: string; readonly usage: LlmUsage }>(
  scope: StageCallScope,
  request: StageCallRequest,
  call: (provider: LlmProvider, signal: AbortSignal, request: StageCallRequest) => Promise<R>,
  fail: StageCallFailure,
): Promise<R> {
  const { stage, principal } = request;
  let limitMs = scope.stageTimeoutMs;
  let timeout: AbortSignal | null = null;
  const started = scope.clock.monotonic();
  scope.emit({ type: 'stage.started', saveId: scope.saveId, turn: scope.turn, stage, principal });
  let providerName = 'unknown';
  let model = 'unknown';
  let sent = request;
  let trimmed: readonly string[] = [];
  try {
    const provider = await scope.router.forStage(stage);
    providerName = provider.kind;
    model = provider.model;
    limitMs = stageTimeoutFor(provider, scope.stageTimeoutMs);
    timeout = AbortSignal.timeout(limitMs);
    const signal = AbortSignal.any([scope.signal, timeout, ...(request.signal ? [request.signal] : [])]);
    const budget = promptBudget(provider, request.maxTokens);
    const shrunk = request.fit === undefined ? { messages: request.messages, trimmed: [] } : await request.fit(budget);
    const fitted = await truncateToFit(shrunk.messages, budget, shrunk.tokens);
    trimmed = [...shrunk.trimmed, ...fitted.trimmed];
    if (trimmed.length > 0) trimmed = [`to fit ${budget.limit} of ${budget.context} tokens:`, ...trimmed];
    sent = { ...request, messages: fitted.messages };
    // Fitting awaits the tokenizer: work stopped meanwhile never reaches the model.
    signal.throwIfAborted();
    const result = await call(provider, signal, sent);
    const outcome = { provider: providerName, model, output: result.text, usage: result.usage, trimmed };
    scope.log.push(logRow(sent, outcome));
    scope.emit({
      type: 'stage.finished',
      saveId: scope.saveId,
      turn: scope.turn,
      stage,
      principal,
      usage: result.usage,
    });
    return result;
  } catch (error) {
    const reason =
      timeout?.aborted === true
        ? `no answer within ${Math.round(limitMs / 1000)} s`
        : scope.signal.aborted
          ? scope.cancelled
          : describe(error);
    const totalMs = scope.clock.monotonic() - started;
    scope.log.push(logRow(sent, { provider: providerName, model, error: reason, totalMs, trimmed }));
    throw fail(stage, principal, reason, error);
  }
}

/**
 * A local model on a slow or busy CPU can take minutes over a long prompt, but it never goes silent the way a server
 * can: it gets a limit that only a runaway reaches, so a slow machine's turn is slow, not failed. The player can always
 * cancel.
 */
const LOCAL_STAGE_TIMEOUT_MS = 30 * 60_000;

export function stageTimeoutFor(provider: Pick<LlmProvider, 'kind'>, stageTimeoutMs: number): number {
  return provider.kind === 'local' ? Math.max(stageTimeoutMs, LOCAL_STAGE_TIMEOUT_MS) : stageTimeoutMs;
}

/** The provider request of a stage call (its optional settings only when given). */
export function llmRequest(request: StageCallRequest) {
  return {
    stage: request.stage,
    principal: request.principal,
    messages: request.messages,
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.maxTokens === undefined ? {} : { maxTokens: request.maxTokens }),
    ...(request.onTextDelta === undefined ? {} : { onTextDelta: request.onTextDelta }),
  };
}

function logRow(
  request: StageCallRequest,
  outcome: {
    provider: string;
    model: string;
    output?: string;
    usage?: LlmUsage;
    error?: string;
    totalMs?: number;
    trimmed: readonly string[];
  },
): NewStageCall {
  const note = outcome.trimmed.length === 0 ? [] : [{ role: TRIM_NOTE_ROLE, content: outcome.trimmed.join('\n') }];
  return {
    stage: request.stage,
    principal: request.principal,
    provider: outcome.provider,
    model: outcome.model,
    prompt: [...request.messages, ...note],
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
  return errorMessage(error);
}
