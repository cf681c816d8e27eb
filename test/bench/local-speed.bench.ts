import { benchLocalModel, createLocalProvider, type LocalProvider } from '../../engine/llm/local/index.ts';
import type { ModelBenchReport } from '../../engine/llm/local/index.ts';
import { longPrompt, shortPrompt } from '../../engine/llm/local/speed/bench-prompts.ts';
import { benchModel } from '../support/bench-model.ts';
import { atLeast, median, round, type Benchmark } from './types.ts';

/**
 * The local provider with the app's own defaults (threads "auto", KV sequences sized to memory, prose first) on the
 * benchmark model of a real model's shape (Llama 3.2 1B, Q4_0), against node-llama-cpp directly on the same file.
 * `STORYLOOM_BENCH_SHAPE=3b` measures the 3B shape instead.
 */
const SHAPE = process.env['STORYLOOM_BENCH_SHAPE'] === '3b' ? '3b' : '1b';

let report: Promise<ModelBenchReport> | null = null;
/** One measurement serves the three keys that read it. */
function measured(): Promise<ModelBenchReport> {
  report ??= benchModel(SHAPE, 'Q4_0').then((modelPath) =>
    benchLocalModel({ kind: 'local', modelPath, gpu: 'cpu', threads: 'auto' }, { rounds: 3 }),
  );
  return report;
}

const figures = (r: ModelBenchReport) => ({
  model: r.model,
  threads: r.app.threads,
  app: {
    promptTokensPerSecond: round(r.app.promptTokensPerSecond, 1),
    generatedTokensPerSecond: round(r.app.generatedTokensPerSecond, 1),
  },
  raw: {
    promptTokensPerSecond: round(r.raw.promptTokensPerSecond, 1),
    generatedTokensPerSecond: round(r.raw.generatedTokensPerSecond, 1),
  },
  parallel: r.app.parallel.map((figure) => ({ sequences: figure.sequences, speedup: round(figure.speedup) })),
  rawParallel: r.raw.parallel.map((figure) => ({ sequences: figure.sequences, speedup: round(figure.speedup) })),
});

const STREAM_TOKENS = 48;
const BACKGROUND_PROMPT_WORDS = 1500;

/** How long a narration of STREAM_TOKENS tokens took, from the call to its last token. */
async function narrate(provider: LocalProvider, round: number): Promise<number> {
  const { usage } = await provider.generateText({
    stage: 'narrator',
    messages: shortPrompt(0, round),
    maxTokens: STREAM_TOKENS,
    temperature: 0.8,
    seed: round,
  });
  return usage.totalMs;
}

/**
 * A narration's whole time alone ÷ its time while an extractor processes a fresh ~2,000-token prompt on another
 * sequence of the same context (1: the background costs the player nothing). With prose first the narration takes
 * every batch until it is written; with node-llama-cpp's even split it waits for batches of the extractor's prompt.
 */
async function streamBesideBackground(prioritizeProse: boolean) {
  const modelPath = await benchModel(SHAPE, 'Q4_0');
  const provider = await createLocalProvider(
    { kind: 'local', modelPath, gpu: 'cpu', threads: 'auto' },
    { prioritizeProse },
  );
  const ratios: number[] = [];
  try {
    for (let round = -1; round < 3; round++) {
      const alone = await narrate(provider, 2 * round + 2);
      const background = provider.generateText({
        stage: 'lore_extractor',
        messages: longPrompt(round + 10, BACKGROUND_PROMPT_WORDS),
        maxTokens: 4,
      });
      const beside = await narrate(provider, 2 * round + 3);
      await background;
      if (round >= 0) ratios.push(alone / beside);
    }
  } finally {
    await provider.dispose();
  }
  return ratios;
}

export const benchmarks: Benchmark[] = [
  {
    key: 'local.pp_ratio_vs_raw',
    run: async () => {
      const r = await measured();
      return { median: round(r.promptRatio), unit: 'ratio', ...atLeast(0.9), ...figures(r) };
    },
  },
  {
    key: 'local.gen_ratio_vs_raw',
    run: async () => {
      const r = await measured();
      return { median: round(r.generationRatio), unit: 'ratio', ...atLeast(0.9), ...figures(r) };
    },
  },
  {
    key: 'local.parallel2_gen_speedup',
    run: async () => {
      const r = await measured();
      const two = r.app.parallel.find((figure) => figure.sequences === 2)?.speedup ?? 0;
      return { median: round(two), unit: 'ratio', ...atLeast(1.5), ...figures(r) };
    },
  },
  {
    key: 'local.stream_beside_background_ratio',
    run: async () => {
      const prioritized = await streamBesideBackground(true);
      const even = await streamBesideBackground(false);
      return {
        median: round(median(prioritized)),
        unit: 'ratio',
        ...atLeast(0.6),
        samples: prioritized.map((ratio) => round(ratio)),
        /** The same with node-llama-cpp's default even split of every batch. */
        evenSplit: round(median(even)),
      };
    },
  },
];
