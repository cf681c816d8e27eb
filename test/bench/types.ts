/** One benchmark of `npm run bench`. Each `test/bench/*.bench.ts` exports `benchmarks: Benchmark[]`. */
export interface BenchmarkResult {
  readonly median: number;
  readonly unit: string;
  /** Extra figures worth reporting (samples, p90, goal, per-stage breakdowns …). */
  readonly [extra: string]: unknown;
}

export interface Benchmark {
  /** Stable key, e.g. `store.open_100k_ms`. */
  readonly key: string;
  readonly run: () => Promise<BenchmarkResult>;
}

export function median(samples: readonly number[]): number {
  if (samples.length === 0) throw new Error('median of no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? 0) + upper) / 2;
}

export function round(value: number, digits = 3): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
