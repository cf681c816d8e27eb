import { describe, expect, it } from 'vitest';
import { createSfc32, sfc32FromSeed } from '../../../engine/platform/index.ts';

describe('the seeded RNG', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    const draw = (seed: number) => Array.from({ length: 5 }, sfc32FromSeed(seed).next);
    const a = sfc32FromSeed(7);
    const first = Array.from({ length: 5 }, () => a.next());
    const b = sfc32FromSeed(7);
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(first);
    expect(draw(8)).not.toEqual(first);
  });

  it('resumes exactly from a saved state', () => {
    const rng = sfc32FromSeed(123);
    for (let i = 0; i < 10; i++) rng.next();
    const resumed = createSfc32(rng.state());
    expect(Array.from({ length: 20 }, () => resumed.next())).toEqual(Array.from({ length: 20 }, () => rng.next()));
  });

  it('draws integers within the inclusive range, covering both ends', () => {
    const rng = sfc32FromSeed(1);
    const seen = new Set(Array.from({ length: 2000 }, () => rng.int(1, 6)));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(() => rng.int(3, 1)).toThrow(/min ≤ max/u);
  });

  it('draws floats in [0, 1)', () => {
    const rng = sfc32FromSeed(99);
    for (let i = 0; i < 10_000; i++) {
      const value = rng.next();
      expect(value >= 0 && value < 1).toBe(true);
    }
  });
});
