/**
 * A tiny seeded PRNG (mulberry32) so the same seed always writes the same model bytes.
 * Only integer ops and additions are used: no Math.log/sin, whose last bits could differ between engines.
 */
export interface SeededRandom {
  /** A float in [0, 1). */
  next(): number;
  /** A roughly normal value with mean 0 and the given standard deviation (Irwin–Hall sum of 4 uniforms). */
  normal(std: number): number;
}

export function createSeededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // The sum of 4 uniforms has variance 4/12 = 1/3; scale by √3 for unit variance.
  const SQRT3 = 1.7320508075688772;
  return {
    next,
    normal: (std) => (next() + next() + next() + next() - 2) * SQRT3 * std,
  };
}
