/**
 * The batch llama.cpp's CPU kernels run fastest at: on the 1B bench model, 1,500 tokens into the context, 64 tokens
 * took 391 ms, 65 took 478 ms and 40 took 451 ms (2,000 tokens in: 63 took 1,092 ms, 64 took 532 ms). A batch is
 * cheapest per token at a multiple of 64, and whatever is left over costs about 85 ms more however small it is. Small
 * enough that work waiting behind a chunk waits about half a second.
 */
export const PROMPT_CHUNK_TOKENS = 64;

/**
 * The sizes a prompt of `count` tokens is put through the model in, when it goes a chunk at a time (a warm-up, a
 * background call) so that what comes first waits at most one chunk: chunks of PROMPT_CHUNK_TOKENS, the first taking
 * what is left over, so the leftover's cost is paid once and no chunk falls below the fast size. A prompt shorter than
 * one chunk is one chunk.
 */
export function promptChunks(count: number): number[] {
  if (count <= 0) return [];
  const chunks = Math.max(1, Math.floor(count / PROMPT_CHUNK_TOKENS));
  const first = count - (chunks - 1) * PROMPT_CHUNK_TOKENS;
  return [first, ...Array.from({ length: chunks - 1 }, () => PROMPT_CHUNK_TOKENS)];
}
