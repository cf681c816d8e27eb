import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsBase } from 'openai/resources/chat/completions';
import type { CompletionUsage } from 'openai/resources/completions';
import type { OpenAiProviderConfig } from '../config.ts';
import { estimateTokens } from '../estimate-tokens.ts';
import type { LlmMessage, LlmRequest, LlmUsage } from '../types.ts';
import { endpointForMessages, toLlmError } from './errors.ts';
import { isJsonSchemaRejection, JsonSchemaRejectedError, type ResponseFormat } from './response-format.ts';
import { errorMessage } from '../../api/index.ts';

export interface CompletionClient {
  readonly client: OpenAI;
  readonly config: OpenAiProviderConfig;
  readonly redact: (text: string) => string;
  readonly keyAdvice: string;
}

export interface CompletionInput {
  readonly request: LlmRequest;
  readonly messages: readonly LlmMessage[];
  readonly responseFormat?: ResponseFormat;
  /** False for a repair attempt: its text replaces the streamed one, and deltas cannot be taken back. */
  readonly stream: boolean;
}

export interface CompletionOutput {
  readonly text: string;
  readonly model: string;
  readonly usage: LlmUsage;
}

/**
 * One chat completion. `timeoutMs` bounds the whole request, SDK retries and the streamed body included: the SDK's
 * own timeout stops at the response headers, and a server that stalls mid-stream must still fail the stage.
 */
export async function requestCompletion(target: CompletionClient, input: CompletionInput): Promise<CompletionOutput> {
  const { config } = target;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), config.timeoutMs);
  const callerSignal = input.request.signal;
  const signal = callerSignal === undefined ? deadline.signal : AbortSignal.any([callerSignal, deadline.signal]);
  try {
    const onTextDelta = input.stream ? input.request.onTextDelta : undefined;
    return onTextDelta === undefined
      ? await requestWhole(target, input, signal)
      : await requestStreamed(target, input, signal, onTextDelta);
  } catch (error) {
    if (input.responseFormat?.type === 'json_schema' && isJsonSchemaRejection(error)) {
      const detail = target.redact(errorMessage(error));
      const advice = "set structured output to 'auto' or 'json_object' for this server";
      throw new JsonSchemaRejectedError(
        'provider',
        `${endpointForMessages(config.baseURL)} refused response_format json_schema (${detail}); ${advice}`,
        input.request.stage,
      );
    }
    throw toLlmError(error, {
      stage: input.request.stage,
      baseURL: endpointForMessages(config.baseURL),
      model: config.model,
      timeoutMs: config.timeoutMs,
      maxRetries: config.maxRetries,
      callerSignal,
      deadline: deadline.signal,
      redact: target.redact,
      keyAdvice: target.keyAdvice,
    });
  } finally {
    clearTimeout(timer);
  }
}

async function requestWhole(
  target: CompletionClient,
  input: CompletionInput,
  signal: AbortSignal,
): Promise<CompletionOutput> {
  const started = performance.now();
  const completion = await target.client.chat.completions.create(
    { ...baseParams(target, input), stream: false },
    { signal },
  );
  const text = completion.choices[0]?.message.content ?? '';
  const totalMs = performance.now() - started;
  // Without streaming the first token reaches us with the whole reply.
  const usage = toUsage(completion.usage, input.messages, text, text.length > 0 ? totalMs : null, totalMs);
  return { text, model: completion.model || target.config.model, usage };
}

async function requestStreamed(
  target: CompletionClient,
  input: CompletionInput,
  signal: AbortSignal,
  onTextDelta: (delta: string) => void,
): Promise<CompletionOutput> {
  const started = performance.now();
  const params = { ...baseParams(target, input), stream: true, stream_options: { include_usage: true } } as const;
  const stream = await target.client.chat.completions.create(params, { signal });
  let text = '';
  let model = target.config.model;
  let firstTokenAt: number | null = null;
  let reported: CompletionUsage | undefined;
  for await (const chunk of stream) {
    if (chunk.model) model = chunk.model;
    if (chunk.usage) reported = chunk.usage;
    const delta = chunk.choices[0]?.delta.content;
    if (delta === undefined || delta === null || delta === '') continue;
    firstTokenAt ??= performance.now();
    text += delta;
    onTextDelta(delta);
  }
  // The SDK ends the iteration quietly when the signal aborts; a cut-off reply must not pass for a whole one.
  signal.throwIfAborted();
  const usage = toUsage(
    reported,
    input.messages,
    text,
    firstTokenAt === null ? null : firstTokenAt - started,
    performance.now() - started,
  );
  return { text, model, usage };
}

function baseParams(target: CompletionClient, input: CompletionInput): ChatCompletionCreateParamsBase {
  const { request } = input;
  return {
    model: target.config.model,
    messages: input.messages.map(({ role, content }) => ({ role, content })),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.seed === undefined ? {} : { seed: request.seed }),
    ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
    ...(input.responseFormat === undefined ? {} : { response_format: input.responseFormat }),
  };
}

/** Servers that report no usage get the word-count estimate rather than zeros that would skew budgets. */
function toUsage(
  reported: CompletionUsage | null | undefined,
  messages: readonly LlmMessage[],
  text: string,
  timeToFirstTokenMs: number | null,
  totalMs: number,
): LlmUsage {
  if (reported) {
    return {
      promptTokens: reported.prompt_tokens,
      cachedPromptTokens: reported.prompt_tokens_details?.cached_tokens ?? 0,
      generatedTokens: reported.completion_tokens,
      timeToFirstTokenMs,
      totalMs,
    };
  }
  const prompt = messages.map((message) => message.content).join('\n');
  return {
    promptTokens: estimateTokens(prompt),
    cachedPromptTokens: 0,
    generatedTokens: estimateTokens(text),
    timeToFirstTokenMs,
    totalMs,
  };
}
