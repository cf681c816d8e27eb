import type { Rng, RngState } from './ports.ts';

/**
 * sfc32: a small, fast PRNG with a 128-bit state that serialises to four integers, so a save can store the exact
 * position of its random stream and replay it.
 */
export function createSfc32(state: RngState): Rng {
  let [a, b, c, d] = state;
  const nextUint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  return {
    next: () => nextUint32() / 4294967296,
    int(min, max) {
      if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
        throw new RangeError(`rng.int needs integers min ≤ max, got ${min}, ${max}`);
      }
      return min + Math.floor((nextUint32() / 4294967296) * (max - min + 1));
    },
    state: () => [a, b, c, d],
  };
}

/** Expands a 32-bit seed into a full state and discards the first outputs, as sfc32's authors recommend. */
export function sfc32FromSeed(seed: number): Rng {
  const rng = createSfc32([0x9e3779b9, 0x243f6a88, 0xb7e15162, seed | 0]);
  for (let i = 0; i < 15; i++) rng.next();
  return rng;
}
