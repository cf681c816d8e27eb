import { parseStructuredOutput } from '../structured.ts';
import {
  LlmError,
  type LlmObjectRequest,
  type LlmObjectResult,
  type LlmProvider,
  type LlmRequest,
  type LlmTextResult,
} from '../types.ts';
import { estimateTokens } from '../estimate-tokens.ts';
import type { LocatedEntry, ScriptEntryInput } from './fixture-schema.ts';
import { checkEntries, loadScript } from './load-script.ts';
import { createScriptQueue, promptText } from './script-queue.ts';
import { scriptedDelay, streamReply } from './stream-reply.ts';

export type ScriptSource = { readonly file: string } | { readonly entries: readonly ScriptEntryInput[] };

export interface ScriptedProvider extends LlmProvider {
  readonly kind: 'scripted';
  /** Throws LlmError('script_mismatch') listing, per stage, the entries no call consumed. */
  assertExhausted(): void;
  /** The reply's text a call like `request` would get if it came now, leaving it in the script; null when none would. */
  replyAhead(request: LlmRequest): string | null;
}

/** Deterministic replies from a script (see fixture-schema.ts for the format), for tests and pack regression fixtures. */
export async function createScriptedProvider(source: ScriptSource): Promise<ScriptedProvider> {
  const entries = 'file' in source ? await loadScript(source.file) : checkEntries(source.entries);
  const queue = createScriptQueue(entries);

  async function answer(request: LlmRequest): Promise<LlmTextResult & { readonly located: LocatedEntry }> {
    const started = performance.now();
    if (request.signal?.aborted === true) throw new LlmError('aborted', 'the call was cancelled', request.stage);
    const located = queue.take(request);
    const { entry } = located;
    if (entry.delayMs !== undefined) await scriptedDelay(entry.delayMs, request.stage, request.signal);
    if (entry.error !== undefined) {
      throw new LlmError(entry.error, entry.message ?? `scripted ${entry.error} (${located.location})`, request.stage);
    }
    const text = replyText(located);
    const firstAt = await streamReply(text, request.stage, request.signal, request.onTextDelta);
    const usage = {
      promptTokens: estimateTokens(promptText(request)),
      cachedPromptTokens: 0,
      generatedTokens: estimateTokens(text),
      timeToFirstTokenMs: firstAt === null ? null : firstAt - started,
      totalMs: performance.now() - started,
    };
    return { text, usage, model: 'scripted', attempts: 1, located };
  }

  return {
    kind: 'scripted',
    model: 'file' in source ? `scripted:${source.file}` : 'scripted',
    async generateText(request) {
      const { located: _located, ...result } = await answer(request);
      return result;
    },
    async generateObject<T>(request: LlmObjectRequest<T>): Promise<LlmObjectResult<T>> {
      const { located, ...result } = await answer(request);
      try {
        return { ...result, value: parseStructuredOutput(result.text, request.schema, request.stage) };
      } catch (error) {
        if (!(error instanceof LlmError)) throw error;
        throw new LlmError(
          error.kind,
          `${stripStage(error.message, request)} (scripted reply at ${located.location})`,
          request.stage,
        );
      }
    },
    replyAhead(request) {
      const located = queue.peek(request);
      return located === undefined || located.entry.error !== undefined ? null : replyText(located);
    },
    assertExhausted() {
      const unused = [...queue.unused()];
      if (unused.length === 0) return;
      const count = unused.reduce((total, [, list]) => total + list.length, 0);
      const lines = unused.map(([stage, list]) => `  ${stage}: ${list.map((located) => located.location).join(', ')}`);
      throw new LlmError('script_mismatch', `the script was not used up: ${count} entries left\n${lines.join('\n')}`);
    },
    async dispose() {
      // Nothing held: the script lives in memory.
    },
  };
}

function replyText({ entry }: LocatedEntry): string {
  return typeof entry.reply === 'string' ? entry.reply : JSON.stringify(entry.reply);
}

function stripStage(message: string, request: LlmRequest): string {
  const prefix = `${request.stage}: `;
  return message.startsWith(prefix) ? message.slice(prefix.length) : message;
}
