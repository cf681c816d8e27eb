import { describe, expect, it } from 'vitest';
import { chroniclerSimulationEvents, simulationCycleForChronicler } from '../../../engine/npc/index.ts';

const emitted = [
  { cycle: 3, events: ['scene 3 fire'] },
  { cycle: 4, events: ['scene 4 theft', 'scene 4 rumour'] },
  { cycle: 5, events: ['scene 5 arrest'] },
];

describe("the Chronicler's off-by-one timeline", () => {
  it("receives the previous cycle's simulation events: after scene 5, scene 4's", () => {
    expect(simulationCycleForChronicler(5)).toBe(4);
    expect(chroniclerSimulationEvents(5, emitted)).toEqual(['scene 4 theft', 'scene 4 rumour']);
  });

  it("never receives the current cycle's events, which are still being simulated beside it", () => {
    expect(chroniclerSimulationEvents(5, emitted)).not.toContain('scene 5 arrest');
    expect(chroniclerSimulationEvents(6, emitted)).toEqual(['scene 5 arrest']);
  });

  it('receives nothing after the first scene, nor when the previous cycle did not simulate', () => {
    expect(simulationCycleForChronicler(1)).toBeNull();
    expect(chroniclerSimulationEvents(1, emitted)).toEqual([]);
    expect(chroniclerSimulationEvents(3, emitted)).toEqual([]);
  });

  it('hands each cycle its events exactly once across consecutive runs', () => {
    const delivered = [1, 2, 3, 4, 5, 6].flatMap((cycle) => chroniclerSimulationEvents(cycle, emitted));
    expect(delivered).toEqual(emitted.flatMap((record) => record.events));
  });

  it.each([0, -1, 1.5])('refuses cycle %s: cycles count from 1', (cycle) => {
    expect(() => simulationCycleForChronicler(cycle)).toThrow(RangeError);
  });
});
