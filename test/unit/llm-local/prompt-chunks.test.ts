import { describe, expect, it } from 'vitest';
import { PROMPT_CHUNK_TOKENS, promptChunks } from '../../../engine/llm/local/prompt-chunks.ts';

describe('promptChunks: a prompt put through a CPU model a chunk at a time', () => {
  it('keeps every chunk at the fast size or above once the prompt reaches it (no short tail chunk)', () => {
    for (let count = PROMPT_CHUNK_TOKENS; count <= 20 * PROMPT_CHUNK_TOKENS; count++) {
      const chunks = promptChunks(count);
      expect(Math.min(...chunks), `${count} tokens`).toBeGreaterThanOrEqual(PROMPT_CHUNK_TOKENS);
      expect(chunks.reduce((sum, size) => sum + size, 0)).toBe(count);
    }
  });

  it('leaves a multiple of the fast size to every chunk but one, which takes the leftover', () => {
    expect(promptChunks(808)).toEqual([104, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64]);
    expect(promptChunks(130)).toEqual([66, 64]);
    expect(promptChunks(128)).toEqual([64, 64]);
    // The largest chunk there is: under two chunks' worth.
    expect(promptChunks(127)).toEqual([127]);
    for (let count = PROMPT_CHUNK_TOKENS; count <= 20 * PROMPT_CHUNK_TOKENS; count++) {
      const chunks = promptChunks(count);
      expect(chunks.filter((size) => size !== PROMPT_CHUNK_TOKENS).length, `${count} tokens`).toBeLessThanOrEqual(1);
      expect(Math.max(...chunks)).toBeLessThan(2 * PROMPT_CHUNK_TOKENS);
    }
  });

  it('puts a prompt shorter than one chunk through whole, and nothing through for none', () => {
    expect(promptChunks(1)).toEqual([1]);
    expect(promptChunks(63)).toEqual([63]);
    expect(promptChunks(0)).toEqual([]);
  });
});
