import type { EvaluationPriority, LlamaContextSequence, Token } from 'node-llama-cpp';
import { keepSharedPrefix } from './generate.ts';
import { promptChunks } from './prompt-chunks.ts';

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
  // An input arriving mid-chunk waits for that chunk only.
  for (const size of promptChunks(rest.length)) {
    if (signal.aborted) break;
    await sequence.evaluateWithoutGeneratingNewTokens(rest.slice(0, size), { evaluationPriority: priority });
    evaluated += size;
    rest = rest.slice(size);
  }
  return evaluated;
}
