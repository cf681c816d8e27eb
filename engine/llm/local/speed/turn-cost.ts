import type { LlmMessage } from '../../types.ts';
import type { PrefixSlots } from '../prefix-slots.ts';

/** One stage call of a played turn, as the stage log keeps it. */
export interface LoggedCall {
  readonly stage: string;
  readonly principal?: string;
  readonly prompt: readonly LlmMessage[];
  readonly output: string | null;
}

export interface TurnCost {
  readonly calls: number;
  readonly promptTokens: number;
  /** Prompt tokens the model must process: a prefix a sequence already holds is free. */
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
 * tokenizer, the KV cache simulated as the local provider keeps it (`kv`: the same routing over as many sequences,
 * carried from turn to turn).
 */
export function turnCost(
  calls: readonly LoggedCall[],
  tokenize: { readonly prompt: PromptTokenizer; readonly text: TextTokenizer },
  rates: Rates,
  kv: PrefixSlots,
): TurnCost {
  let promptTokens = 0;
  let evaluatedTokens = 0;
  let generatedTokens = 0;
  for (const call of calls) {
    const tokens = tokenize.prompt(call.prompt);
    // The calls are priced one after another, so each sequence is free again when the next call comes.
    const { index, reused } = kv.admit(tokens, call);
    kv.release(index);
    promptTokens += tokens.length;
    evaluatedTokens += tokens.length - reused;
    generatedTokens += call.output === null ? 0 : tokenize.text(call.output);
  }
  const seconds =
    evaluatedTokens / Math.max(rates.promptTokensPerSecond, 1e-9) +
    generatedTokens / Math.max(rates.generatedTokensPerSecond, 1e-9);
  return { calls: calls.length, promptTokens, evaluatedTokens, generatedTokens, seconds };
}
