import { parseStructuredOutput, repairMessages } from '../structured.ts';
import { LlmError, type LlmMessage, type LlmObjectRequest, type LlmObjectResult, type LlmUsage } from '../types.ts';
import { requestCompletion, type CompletionClient, type CompletionOutput } from './completion.ts';
import {
  JsonSchemaRejectedError,
  responseFormatFor,
  withJsonInstruction,
  type StructuredMode,
} from './response-format.ts';

/** What a provider instance remembers between calls: once a server refuses json_schema, 'auto' stops offering it. */
export interface StructuredState {
  jsonSchemaRejected: boolean;
}

interface Attempt {
  readonly output: CompletionOutput;
  /** The conversation actually sent, so a repair continues from it. */
  readonly sent: readonly LlmMessage[];
}

/** A structured call: one generation, validated with zod; if invalid, one repair retry; if still invalid, a stage failure. */
export async function generateStructured<T>(
  target: CompletionClient,
  state: StructuredState,
  request: LlmObjectRequest<T>,
): Promise<LlmObjectResult<T>> {
  const started = performance.now();
  const first = await attempt(target, state, request, request.messages, true);
  const firstProblem = validate(first, request);
  if (firstProblem.ok) return result(firstProblem.value, [first], started);

  const repair = repairMessages(first.sent, first.output.text, firstProblem.problem);
  const second = await attempt(target, state, request, repair, false);
  const secondProblem = validate(second, request);
  if (secondProblem.ok) return result(secondProblem.value, [first, second], started);
  throw new LlmError(
    'invalid_output',
    `the reply is still invalid after one repair retry: ${secondProblem.problem}`,
    request.stage,
  );
}

async function attempt<T>(
  target: CompletionClient,
  state: StructuredState,
  request: LlmObjectRequest<T>,
  messages: readonly LlmMessage[],
  stream: boolean,
): Promise<Attempt> {
  const mode = modeFor(target, state);
  const sent = mode === 'json_object' ? withJsonInstruction(messages, request.schema) : messages;
  const responseFormat = responseFormatFor(mode, request.schema, request.schemaName);
  try {
    return { output: await requestCompletion(target, { request, messages: sent, responseFormat, stream }), sent };
  } catch (error) {
    if (!(error instanceof JsonSchemaRejectedError) || target.config.structuredOutput !== 'auto') throw error;
    state.jsonSchemaRejected = true;
    return attempt(target, state, request, messages, stream);
  }
}

function modeFor(target: CompletionClient, state: StructuredState): StructuredMode {
  const configured = target.config.structuredOutput;
  if (configured !== 'auto') return configured;
  return state.jsonSchemaRejected ? 'json_object' : 'json_schema';
}

type Validation<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

function validate<T>(attempted: Attempt, request: LlmObjectRequest<T>): Validation<T> {
  try {
    return { ok: true, value: parseStructuredOutput(attempted.output.text, request.schema, request.stage) };
  } catch (error) {
    if (!(error instanceof LlmError) || error.kind !== 'invalid_output') throw error;
    const prefix = `${request.stage}: `;
    return {
      ok: false,
      problem: error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message,
    };
  }
}

function result<T>(value: T, attempts: readonly Attempt[], started: number): LlmObjectResult<T> {
  const last = attempts.at(-1);
  if (last === undefined) throw new Error('a structured call always has an attempt');
  const usage: LlmUsage = {
    promptTokens: sum(attempts, (a) => a.output.usage.promptTokens),
    cachedPromptTokens: sum(attempts, (a) => a.output.usage.cachedPromptTokens),
    generatedTokens: sum(attempts, (a) => a.output.usage.generatedTokens),
    timeToFirstTokenMs: attempts[0]?.output.usage.timeToFirstTokenMs ?? null,
    totalMs: performance.now() - started,
  };
  return { value, text: last.output.text, usage, model: last.output.model, attempts: attempts.length };
}

function sum(attempts: readonly Attempt[], pick: (attempt: Attempt) => number): number {
  return attempts.reduce((total, attempt) => total + pick(attempt), 0);
}
