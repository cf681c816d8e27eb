import { describe, expect, it } from 'vitest';
import { resolveThreads } from '../../../engine/llm/local/threads.ts';

describe('the default CPU thread count', () => {
  it('never exceeds the cores the process may use, whatever llama.cpp counts', () => {
    for (const availableParallelism of [1, 2, 3, 4, 8, 64]) {
      for (const mathCores of [0, 1, 2, 4, 16, 128]) {
        const threads = resolveThreads('auto', { mathCores, availableParallelism });
        expect(threads).toBeGreaterThanOrEqual(1);
        expect(threads).toBeLessThanOrEqual(availableParallelism);
      }
    }
  });

  it('is 2 on a 2-core machine, where node-llama-cpp alone would start 4', () => {
    expect(resolveThreads('auto', { mathCores: 2, availableParallelism: 2 })).toBe(2);
  });

  it('follows the math cores when fewer than the usable cores (hyperthreads do not help matrix maths)', () => {
    expect(resolveThreads('auto', { mathCores: 4, availableParallelism: 8 })).toBe(4);
  });

  it('falls back to the usable cores when llama.cpp cannot count math cores', () => {
    expect(resolveThreads('auto', { mathCores: 0, availableParallelism: 3 })).toBe(3);
  });

  it('takes an explicit number as it is', () => {
    expect(resolveThreads(6, { mathCores: 2, availableParallelism: 2 })).toBe(6);
  });
});
