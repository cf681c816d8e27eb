import type { Token } from 'node-llama-cpp';
import type { LlmRequest } from '../types.ts';
import { abortable } from './abort.ts';
import type { Generation } from './generate.ts';

/** Answers kept at most: a scene's close asks a few calls ahead; the oldest go first. */
const KEPT = 16;

/** What makes two calls the same call: the prompt's tokens, the grammar, and every setting sampling reads. */
export interface AnswerKey {
  readonly tokens: readonly Token[];
  /** The grammar's JSON schema, '' for free text. */
  readonly grammar: string;
  readonly temperature: number;
  readonly seed: number | undefined;
  readonly maxTokens: number;
  /** The reply's opening put in the prompt, '' for none. */
  readonly opening: string;
}

/**
 * Answers generated ahead of the calls that may ask for them (LlmProvider.answerAhead). A call whose key is an answer's
 * takes it, once, instead of generating its own: the same prompt under the same settings is the same draw, made
 * earlier. An answer that ended early (stopped, or the provider failed) is dropped, so its call generates afresh.
 */
export class AnswersAhead {
  readonly #answers = new Map<string, Promise<Generation | null>>();

  has(key: AnswerKey): boolean {
    return this.#answers.has(keyText(key));
  }

  keep(key: AnswerKey, answer: Promise<Generation | null>): void {
    const text = keyText(key);
    this.#answers.set(text, answer);
    const drop = () => {
      if (this.#answers.get(text) === answer) this.#answers.delete(text);
    };
    answer.then((generation) => (generation === null || generation.aborted ? drop() : undefined), drop);
    for (const oldest of this.#answers.keys()) {
      if (this.#answers.size <= KEPT) break;
      this.#answers.delete(oldest);
    }
  }

  /** The answer kept for this key, if any (it may still be being generated), given up by the keeper. */
  take(key: AnswerKey): Promise<Generation | null> | undefined {
    const text = keyText(key);
    const answer = this.#answers.get(text);
    this.#answers.delete(text);
    return answer;
  }
}

/** The call an answer was kept for, as far as taking it goes: the opening its text starts with, and its prompt. */
interface AnsweredCall {
  readonly opened: { readonly text: string };
  readonly prompt: { readonly tokens: readonly Token[] };
}

/**
 * A call's answer generated ahead, as the call's own: its prompt was evaluated then, so none of it is now; the time is
 * the time the call waited for it. Null when the answer ended early: the call generates its own.
 */
export async function takeAnswer(
  ahead: Promise<Generation | null>,
  call: AnsweredCall,
  request: LlmRequest,
  signal: AbortSignal,
): Promise<Generation | null> {
  const startedAt = performance.now();
  const generation = await abortable(
    ahead.catch(() => null),
    signal,
    request.stage,
  );
  if (generation === null || generation.aborted) return null;
  const waitedMs = performance.now() - startedAt;
  const text = call.opened.text + generation.text;
  if (text !== '') request.onTextDelta?.(text);
  const promptTokens = call.prompt.tokens.length;
  const usage = { ...generation.usage, promptTokens, cachedPromptTokens: promptTokens };
  return { text, aborted: false, usage: { ...usage, timeToFirstTokenMs: waitedMs, totalMs: waitedMs } };
}

function keyText(key: AnswerKey): string {
  const { tokens, ...settings } = key;
  return `${JSON.stringify(settings)}\n${tokens.join(',')}`;
}
