import { describe, expect, it } from 'vitest';
import { atLeast, atMost, missedGoal } from '../../bench/types.ts';

describe('benchmark goals', () => {
  it('passes a figure on the right side of its goal, the goal itself included', () => {
    expect(missedGoal('a', { median: 1.5, unit: 'ratio', ...atMost(1.5) })).toBeNull();
    expect(missedGoal('b', { median: 0.9, unit: 'ratio', ...atLeast(0.85) })).toBeNull();
  });

  it('names the figure, its value and the goal it misses, in either direction', () => {
    expect(missedGoal('turn.cpu1b.input_ready_ratio', { median: 4.2, unit: 'ratio', ...atMost(1.5) })).toBe(
      'turn.cpu1b.input_ready_ratio: 4.2 ratio misses its goal (at most 1.5)',
    );
    expect(missedGoal('turn.kv_cached_fraction', { median: 0.69, unit: 'ratio', ...atLeast(0.7) })).toBe(
      'turn.kv_cached_fraction: 0.69 ratio misses its goal (at least 0.7)',
    );
  });

  it('never fails a figure that has no goal', () => {
    expect(missedGoal('boundary.llm_calls', { median: 12, unit: 'calls per scene boundary' })).toBeNull();
  });
});
