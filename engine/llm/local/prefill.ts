import type { EvaluationPriority, LlamaContextSequence, Token } from 'node-llama-cpp';
import { keepSharedPrefix } from './generate.ts';

/** A warm-up's chunk: small enough that an input arriving mid-chunk waits well under a second on a CPU. */
const PREFILL_CHUNK_TOKENS = 64;

/**
 * Puts `tokens` through the sequence ahead of the call that will open with them, a chunk at a time, keeping what the
 * sequence already holds of them and stopping between chunks once `signal` aborts. Returns the tokens evaluated.
 */
export async function prefillSequence(
  sequence: LlamaContextSequence,
  tokens: Token[],
  signal: AbortSignal,
  priority: EvaluationPriority,
): Promise<number> {
  if (signal.aborted) return 0;
  let rest = await keepSharedPrefix(sequence, tokens);
  let evaluated = 0;
  while (rest.length > 0 && !signal.aborted) {
    const chunk = rest.slice(0, PREFILL_CHUNK_TOKENS);
    await sequence.evaluateWithoutGeneratingNewTokens(chunk, { evaluationPriority: priority });
    evaluated += chunk.length;
    rest = rest.slice(PREFILL_CHUNK_TOKENS);
  }
  return evaluated;
}
