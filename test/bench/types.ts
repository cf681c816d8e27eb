/** Which side of its goal a figure must stay on. */
export type GoalDirection = 'at most' | 'at least';

interface Measured {
  readonly median: number;
  readonly unit: string;
  /** Extra figures worth reporting (samples, p90, per-stage breakdowns …). */
  readonly [extra: string]: unknown;
}

/** One benchmark of `npm run bench`. Each `test/bench/*.bench.ts` exports `benchmarks: Benchmark[]`. */
export type BenchmarkResult = Measured &
  (
    | { readonly goal?: undefined; readonly goalDirection?: undefined }
    /** A goal is a number in the figure's unit, with its direction; `npm run bench -- --check` fails when missed. */
    | { readonly goal: number; readonly goalDirection: GoalDirection }
  );

export const atMost = (goal: number) => ({ goal, goalDirection: 'at most' }) as const;
export const atLeast = (goal: number) => ({ goal, goalDirection: 'at least' }) as const;

/** A line saying how the figure misses its goal, or null when it meets it (or has none). */
export function missedGoal(key: string, result: BenchmarkResult): string | null {
  if (result.goal === undefined) return null;
  const met = result.goalDirection === 'at most' ? result.median <= result.goal : result.median >= result.goal;
  if (met) return null;
  return `${key}: ${result.median} ${result.unit} misses its goal (${result.goalDirection} ${result.goal})`;
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
