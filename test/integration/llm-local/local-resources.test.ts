import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalProvider } from '../../../engine/llm/local/index.ts';
import { makeTinyModel, type TinyModel } from '../../support/tiny-model.ts';

describe('the local provider with the app default threads ("auto")', () => {
  let tiny: TinyModel;
  beforeAll(async () => {
    tiny = await makeTinyModel();
  });
  afterAll(() => tiny.cleanup());

  it('evaluates with no more threads than the cores the process may use (a faked 1-core machine)', async () => {
    const provider = await createLocalProvider(
      { kind: 'local', modelPath: tiny.path, gpu: 'cpu', threads: 'auto' },
      { availableParallelism: 1 },
    );
    try {
      expect(provider.threads).toBe(1);
      const reply = await provider.generateText({
        stage: 'narrator',
        messages: [{ role: 'user', content: 'Say something.' }],
        maxTokens: 8,
        seed: 1,
      });
      expect(reply.usage.generatedTokens).toBeGreaterThan(0);
    } finally {
      await provider.dispose();
    }
  });

  it('takes an explicit thread count from the settings', async () => {
    const provider = await createLocalProvider(
      { kind: 'local', modelPath: tiny.path, gpu: 'cpu', threads: 1 },
      { availableParallelism: 64 },
    );
    try {
      expect(provider.threads).toBe(1);
    } finally {
      await provider.dispose();
    }
  });
});

describe('the local provider sizes its KV cache to the free memory', () => {
  let tiny: TinyModel;
  beforeAll(async () => {
    tiny = await makeTinyModel();
  });
  afterAll(() => tiny.cleanup());

  const load = (freeMemory: number) =>
    createLocalProvider({ kind: 'local', modelPath: tiny.path, gpu: 'cpu', threads: 1 }, { freeMemory });

  it('keeps a turn’s prompt families and spares for the off-screen warm-ups when memory allows, two when short', async () => {
    for (const [freeMemory, sequences] of [
      [64e9, 16],
      [1e9, 2],
    ] as const) {
      const provider = await load(freeMemory);
      try {
        expect(provider.sequences).toBe(sequences);
      } finally {
        await provider.dispose();
      }
    }
  });
});
