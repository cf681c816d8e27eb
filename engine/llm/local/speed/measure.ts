import type { LlmMessage } from '../../types.ts';
import { longPrompt, shortPrompt } from './bench-prompts.ts';

/** What one generation cost: the same figures from the app's provider and from a bare node-llama-cpp loop. */
export interface TimedGeneration {
  readonly promptTokens: number;
  /** Prompt tokens actually evaluated (the rest came from the KV cache). */
  readonly evaluatedTokens: number;
  readonly generatedTokens: number;
  readonly timeToFirstTokenMs: number;
  readonly totalMs: number;
}

/** One way of running the model: `slot` picks a sequence of its own, so calls on different slots run concurrently. */
export interface GenerationRunner {
  readonly threads: number;
  generate(slot: number, messages: readonly LlmMessage[], maxTokens: number): Promise<TimedGeneration>;
}

export interface SpeedFigures {
  readonly threads: number;
  /** Prompt processing of a fresh ~1,000-token prompt. */
  readonly promptTokensPerSecond: number;
  /** Generation after the first token. */
  readonly generatedTokensPerSecond: number;
  /** N concurrent generations' total tokens/s ÷ the same calls one after another. */
  readonly parallel: readonly ParallelFigure[];
}

export interface ParallelFigure {
  readonly sequences: number;
  readonly speedup: number;
}

export interface MeasureOptions {
  readonly rounds: number;
  readonly promptWords: number;
  readonly generatedTokens: number;
  readonly parallelSequences: readonly number[];
  readonly onStep?: (step: string) => void;
}

/** Medians over `rounds` after one warm-up round (the first evaluation pays for page faults and allocation). */
export async function measureSpeed(runner: GenerationRunner, options: MeasureOptions): Promise<SpeedFigures> {
  const prompt: number[] = [];
  const generation: number[] = [];
  for (let round = -1; round < options.rounds; round++) {
    options.onStep?.(round < 0 ? 'warm-up' : `prompt and generation, round ${round + 1} of ${options.rounds}`);
    const messages = longPrompt(round + 1, options.promptWords);
    // maxTokens 1: the time to the first token is the prompt's processing time.
    const fresh = await runner.generate(0, messages, 1);
    // The same prompt again is served from the cache but its last token, so this times generation alone.
    const decode = await runner.generate(0, messages, options.generatedTokens);
    if (round < 0) continue;
    prompt.push(perSecond(fresh.evaluatedTokens, fresh.timeToFirstTokenMs));
    generation.push(perSecond(decode.generatedTokens - 1, decode.totalMs - decode.timeToFirstTokenMs));
  }
  const parallel: ParallelFigure[] = [];
  for (const sequences of options.parallelSequences) {
    options.onStep?.(`${sequences} concurrent generations against the same in series`);
    parallel.push({ sequences, speedup: await parallelSpeedup(runner, sequences, options) });
  }
  return {
    threads: runner.threads,
    promptTokensPerSecond: median(prompt),
    generatedTokensPerSecond: median(generation),
    parallel,
  };
}

/**
 * Short prompts, so generation dominates: wall time of `sequences` calls one after another ÷ the same calls run at
 * once on their own sequences (node-llama-cpp decodes them together in one batch).
 */
async function parallelSpeedup(runner: GenerationRunner, sequences: number, options: MeasureOptions) {
  const slots = Array.from({ length: sequences }, (_, slot) => slot);
  const ratios: number[] = [];
  for (let round = -1; round < options.rounds; round++) {
    const seriesStarted = performance.now();
    for (const slot of slots) await runner.generate(slot, shortPrompt(slot, 2 * round), options.generatedTokens);
    const series = performance.now() - seriesStarted;
    const concurrentStarted = performance.now();
    await Promise.all(
      slots.map((slot) => runner.generate(slot, shortPrompt(slot, 2 * round + 1), options.generatedTokens)),
    );
    const concurrent = performance.now() - concurrentStarted;
    if (round >= 0) ratios.push(series / concurrent);
  }
  return median(ratios);
}

function perSecond(count: number, ms: number): number {
  return ms <= 0 ? 0 : (count * 1000) / ms;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
