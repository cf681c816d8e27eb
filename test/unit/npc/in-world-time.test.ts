import { describe, expect, it } from 'vitest';
import { describeDuration, inWorldMinutes } from '../../../engine/npc/index.ts';

describe('in-world time', () => {
  it("turns a pack's time into minutes whose differences are in-world durations", () => {
    const start = inWorldMinutes('1723-05-14T21:00');
    const later = inWorldMinutes('1723-05-15T03:30');
    expect(start).not.toBeNull();
    expect((later ?? 0) - (start ?? 0)).toBe(6 * 60 + 30);
    expect((inWorldMinutes('1723-05-15') ?? 0) - (start ?? 0)).toBe(3 * 60);
    expect(inWorldMinutes('evening')).toBeNull();
  });

  it('describes durations for the debug panel', () => {
    expect(describeDuration(0)).toBe('0m');
    expect(describeDuration(45)).toBe('45m');
    expect(describeDuration(361)).toBe('6h 1m');
    expect(describeDuration(3 * 24 * 60 + 120)).toBe('3d 2h');
  });
});
