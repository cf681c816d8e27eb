// What the CPU benchmarks on the benchmark model share (turn-cpu.bench.ts, cohort-cpu.bench.ts): their environment
// options, the model with its two contexts (the engine's stages and a one-call frontend's), the one-call baseline and
// the per-stage table of a run's calls.
import type { EngineEvent } from '../../engine/api/index.ts';
import type { LlmMessage, LlmUsage, LocalProviderConfig, ThreadsSetting } from '../../engine/llm/index.ts';
import { createLocalProvider, type LocalProvider } from '../../engine/llm/local/index.ts';
import type { ShapeModelType } from '../../engine/llm/tiny/index.ts';
import { benchModel, type BenchShapeKey } from '../support/bench-model.ts';
import type { ComputeCall } from '../support/compute-replay-provider.ts';
import { median } from './types.ts';

export interface ModelOptions {
  readonly shape: BenchShapeKey;
  /** Overrides the shape's block count (a quick harness check); undefined: the real shape. */
  readonly blocks: number | undefined;
  readonly type: ShapeModelType;
  readonly outputScale: number;
  /** "auto" is the app's own default. */
  readonly threads: ThreadsSetting;
}

/** Threads for llama.cpp, in one place: the app's own default ("auto": the cores this process may use). */
const BENCH_THREADS: ThreadsSetting = 'auto';
/** The one-call baseline's output, before outputScale. */
export const ONE_CALL_TOKENS = 150;

/** The key part naming the model, e.g. `cpu1b` (read when a bench file loads, checked when it runs). */
export const modelKey = (): string => `cpu${process.env.STORYLOOM_BENCH_SHAPE ?? '1b'}`;

/**
 * STORYLOOM_BENCH_SHAPE (1b | 3b), STORYLOOM_BENCH_BLOCKS, STORYLOOM_BENCH_TYPE (Q4_0 | Q8_0) and
 * STORYLOOM_BENCH_OUTPUT_SCALE, checked when a run starts, so a bad value never breaks the other benchmarks' loading.
 */
export function readModelOptions(env: NodeJS.ProcessEnv = process.env): ModelOptions {
  const shape = env.STORYLOOM_BENCH_SHAPE ?? '1b';
  const type = env.STORYLOOM_BENCH_TYPE ?? 'Q4_0';
  const outputScale = Number(env.STORYLOOM_BENCH_OUTPUT_SCALE ?? 1);
  const blocks = env.STORYLOOM_BENCH_BLOCKS === undefined ? undefined : Number(env.STORYLOOM_BENCH_BLOCKS);
  if (blocks !== undefined && (!Number.isInteger(blocks) || blocks < 1))
    throw new Error(`STORYLOOM_BENCH_BLOCKS must be a whole number above 0, got ${env.STORYLOOM_BENCH_BLOCKS}`);
  if (shape !== '1b' && shape !== '3b') throw new Error(`STORYLOOM_BENCH_SHAPE must be 1b or 3b, got ${shape}`);
  if (type !== 'Q4_0' && type !== 'Q8_0') throw new Error(`STORYLOOM_BENCH_TYPE must be Q4_0 or Q8_0, got ${type}`);
  if (!(outputScale > 0)) throw new Error(`STORYLOOM_BENCH_OUTPUT_SCALE must be above 0, got ${outputScale}`);
  return { shape, blocks, type, outputScale, threads: BENCH_THREADS };
}

export interface BenchModel {
  /** How the app would be configured for this model. */
  readonly config: LocalProviderConfig;
  /** The engine's stages, with the app's default sequences. */
  readonly local: LocalProvider;
  /** A chat frontend's one context, with the same model and settings: its KV cache carries from call to call. */
  readonly baseline: LocalProvider;
  dispose(): Promise<void>;
}

/** The benchmark model (written on first use) on both contexts, its weights already faulted into memory. */
export async function openBenchModel(options: ModelOptions): Promise<BenchModel> {
  const modelPath = await benchModel(options.shape, options.type, options.blocks);
  const config: LocalProviderConfig = { kind: 'local', modelPath, gpu: 'cpu', threads: options.threads };
  const local = await createLocalProvider(config);
  const baseline = await createLocalProvider(config, { sequences: 1 });
  // So the first measured call does not pay for reading the file.
  for (const provider of [local, baseline])
    await provider.generateText({ stage: 'narrator', messages: BASELINE_OPENER, maxTokens: 2 });
  return {
    config,
    local,
    baseline,
    async dispose() {
      await baseline.dispose();
      await local.dispose();
    },
  };
}

/** STORYLOOM_BENCH_ONE_CALL_SAMPLES: how many times runOneCall times the baseline (default 3). */
export function readOneCallSamples(env: NodeJS.ProcessEnv = process.env): number {
  const samples = Number(env.STORYLOOM_BENCH_ONE_CALL_SAMPLES ?? 3);
  if (!Number.isInteger(samples) || samples < 1)
    throw new Error(
      `STORYLOOM_BENCH_ONE_CALL_SAMPLES must be a whole number above 0, got ${env.STORYLOOM_BENCH_ONE_CALL_SAMPLES}`,
    );
  return samples;
}

/** The prompt the baseline's context holds before its first measured call (see openBenchModel). */
export const BASELINE_OPENER: readonly LlmMessage[] = [{ role: 'user', content: 'Warm up.' }];

export interface OneCall {
  /** The samples' median time, and their median time to first token. */
  readonly totalS: number;
  readonly ttftS: number;
  /** Each sample's time, in the order they ran. */
  readonly samplesS: readonly number[];
  readonly promptTokens: number;
  readonly cachedTokens: number;
  readonly generatedTokens: number;
}

/**
 * The one-call frontend's completion, timed `samples` times. Before each repeat its context is put back as the first
 * sample found it (`before`, the prompt it last held, evaluated again), so every sample evaluates the same new tokens;
 * a single sample moved by ±15 % between runs on a shared machine, more than the changes the ratios are read for.
 * `maxTokens` is already scaled.
 */
export async function runOneCall(
  baseline: LocalProvider,
  seed: number,
  maxTokens: number,
  messages: readonly LlmMessage[],
  { before, samples }: { readonly before: readonly LlmMessage[]; readonly samples: number } = {
    before: BASELINE_OPENER,
    samples: 1,
  },
): Promise<OneCall> {
  const runs: LlmUsage[] = [];
  for (let sample = 0; sample < samples; sample++) {
    if (sample > 0) await baseline.warm({ stage: 'narrator', messages: [...before], maxTokens: 0 });
    const { usage } = await baseline.generateText({ stage: 'narrator', messages: [...messages], maxTokens, seed });
    runs.push(usage);
  }
  const first = runs[0];
  if (first === undefined) throw new Error(`the one-call baseline needs at least one sample, got ${samples}`);
  const cached = new Set(runs.map((usage) => usage.cachedPromptTokens));
  if (cached.size > 1)
    process.stderr.write(`  one-call samples found ${[...cached].join(', ')} tokens cached: not like for like\n`);
  const totals = runs.map((usage) => usage.totalMs / 1000);
  return {
    totalS: median(totals),
    ttftS: median(runs.map((usage) => (usage.timeToFirstTokenMs ?? usage.totalMs) / 1000)),
    samplesS: totals,
    promptTokens: first.promptTokens,
    cachedTokens: first.cachedPromptTokens,
    generatedTokens: first.generatedTokens,
  };
}

export interface StageRow {
  calls: number;
  prompt: number;
  /** Prompt tokens evaluated: not served from the KV cache. */
  evaluated: number;
  output: number;
  /** The calls' times summed (they may overlap). */
  ms: number;
}

/** Per stage (or whatever `keyOf` groups by): calls, prompt tokens, evaluated tokens, output tokens, summed call ms. */
export function stageTable(
  calls: readonly ComputeCall[],
  keyOf: (call: ComputeCall) => string = (call) => call.stage,
): Record<string, StageRow> {
  const table: Record<string, StageRow> = {};
  for (const call of calls) {
    const { usage } = call;
    const row = (table[keyOf(call)] ??= { calls: 0, prompt: 0, evaluated: 0, output: 0, ms: 0 });
    row.calls++;
    row.prompt += usage.promptTokens;
    row.evaluated += usage.promptTokens - usage.cachedPromptTokens;
    row.output += usage.generatedTokens;
    row.ms += Math.round(usage.totalMs);
  }
  return table;
}

/** The rows summed: the whole run's calls and tokens. */
export function totalRow(table: Record<string, StageRow>): StageRow {
  const total: StageRow = { calls: 0, prompt: 0, evaluated: 0, output: 0, ms: 0 };
  for (const row of Object.values(table)) {
    total.calls += row.calls;
    total.prompt += row.prompt;
    total.evaluated += row.evaluated;
    total.output += row.output;
    total.ms += row.ms;
  }
  return total;
}

/** A line per finished stage call on stderr: a run takes minutes, and shows what it is doing. */
export function reportStage(event: EngineEvent): void {
  if (event.type !== 'stage.finished') return;
  const { promptTokens, cachedPromptTokens, generatedTokens, totalMs } = event.usage;
  process.stderr.write(
    `    turn ${event.turn} ${event.stage} (${event.principal}): ${promptTokens} prompt tokens, ` +
      `${cachedPromptTokens} cached → ${generatedTokens} out, ${(totalMs / 1000).toFixed(1)} s\n`,
  );
}
