import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalProvider, type LocalProvider } from '../../engine/llm/local/index.ts';
import { writeTinyLlamaGguf } from '../../engine/llm/tiny/index.ts';

/** The seed every test uses unless it is testing seeds; tuned outcomes (e.g. 50/50 valid objects) are for this one. */
export const TINY_SEED = 42;

export interface TinyModel {
  readonly dir: string;
  readonly path: string;
  /** Removes the temp folder. */
  cleanup(): Promise<void>;
}

/** Writes the tiny GGUF model into a fresh temp folder. */
export async function makeTinyModel(seed: number = TINY_SEED): Promise<TinyModel> {
  const dir = await mkdtemp(join(tmpdir(), 'storyloom-tiny-'));
  const path = join(dir, 'tiny.gguf');
  await writeTinyLlamaGguf(path, { seed });
  return { dir, path, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * A local provider on the tiny model, pinned to one CPU thread: with more threads than cores on the CI machine
 * llama.cpp spins and gets hundreds of times slower.
 */
export function createTinyProvider(
  modelPath: string,
  sequences?: number,
  contextSize?: number,
): Promise<LocalProvider> {
  return createLocalProvider(
    { kind: 'local', modelPath, gpu: 'cpu', threads: 1 },
    {
      threads: 1,
      ...(sequences === undefined ? {} : { sequences }),
      ...(contextSize === undefined ? {} : { contextSize }),
    },
  );
}
