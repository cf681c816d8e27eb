import type { Clock, IdGenerator, RngFactory } from './ports.ts';
import { createSfc32, sfc32FromSeed } from './rng.ts';

/** Test adapters: a clock that moves only when told, ids that count, and seeds that never vary. */
export interface ManualClock extends Clock {
  advance(ms: number): void;
}

export function manualClock(start = Date.UTC(2026, 0, 1)): ManualClock {
  let current = start;
  return { now: () => current, monotonic: () => current, advance: (ms) => void (current += ms) };
}

export function countingIds(prefix = 'id'): IdGenerator {
  let n = 0;
  return { next: () => `${prefix}-${++n}` };
}

export function fixedSeedRng(seed = 42): RngFactory {
  return { fromSeed: sfc32FromSeed, fromState: createSfc32, newSeed: () => seed };
}
