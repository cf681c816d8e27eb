import type { LlmMessage } from '../../types.ts';

/** One stage call of a played turn, as the stage log keeps it. */
export interface LoggedCall {
  readonly stage: string;
  readonly prompt: readonly LlmMessage[];
  readonly output: string | null;
}

export interface TurnCost {
  readonly calls: number;
  readonly promptTokens: number;
  /** Prompt tokens the model must process: each stage kind keeps its own sequence, so a shared prefix is free. */
  readonly evaluatedTokens: number;
  readonly generatedTokens: number;
  /** Every call one after another at the measured rates: what the player waits for at most. */
  readonly seconds: number;
}

export interface Rates {
  readonly promptTokensPerSecond: number;
  readonly generatedTokensPerSecond: number;
}

export type PromptTokenizer = (messages: readonly LlmMessage[]) => readonly number[];
export type TextTokenizer = (text: string) => number;

/**
 * What a turn costs at measured rates, from its logged calls: the prompts rendered with the model's own template and
 * tokenizer, the KV cache simulated as the local provider keeps it (one sequence per stage kind).
 */
export function turnCost(
  calls: readonly LoggedCall[],
  tokenize: { readonly prompt: PromptTokenizer; readonly text: TextTokenizer },
  rates: Rates,
  cached: Map<string, readonly number[]> = new Map(),
): TurnCost {
  let promptTokens = 0;
  let evaluatedTokens = 0;
  let generatedTokens = 0;
  for (const call of calls) {
    const tokens = tokenize.prompt(call.prompt);
    const previous = cached.get(call.stage) ?? [];
    // At least the last prompt token is evaluated again: sampling needs its logits.
    const reused = Math.min(sharedPrefix(previous, tokens), tokens.length - 1);
    promptTokens += tokens.length;
    evaluatedTokens += tokens.length - Math.max(0, reused);
    generatedTokens += call.output === null ? 0 : tokenize.text(call.output);
    cached.set(call.stage, tokens);
  }
  const seconds =
    evaluatedTokens / Math.max(rates.promptTokensPerSecond, 1e-9) +
    generatedTokens / Math.max(rates.generatedTokensPerSecond, 1e-9);
  return { calls: calls.length, promptTokens, evaluatedTokens, generatedTokens, seconds };
}

function sharedPrefix(a: readonly number[], b: readonly number[]): number {
  const limit = Math.min(a.length, b.length);
  let index = 0;
  while (index < limit && a[index] === b[index]) index++;
  return index;
}
