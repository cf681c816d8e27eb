import { describe, expect, it } from 'vitest';
import { startWorld, TIME_OF_DAY, worldFacts, write } from '../../../engine/world/index.ts';
import { houseWorld } from './fixture.ts';

describe('worldFacts (issue 23: the truth set reads the world)', () => {
  it('names every place, object state, flag and the time of day once per slot, sorted', () => {
    const state = houseWorld();
    const facts = worldFacts(state);
    const slots = facts.map((fact) => fact.slot);
    expect(slots).toEqual([...slots].sort());
    expect(new Set(slots).size).toBe(slots.length);
    for (const agent of Object.values(state.agents))
      expect(facts).toContainEqual({
        kind: 'position',
        slot: `location:${agent.id}`,
        agent: agent.id,
        location: agent.location,
      });
    for (const object of Object.values(state.objects))
      for (const [key, value] of Object.entries(object.state))
        expect(facts).toContainEqual({
          kind: 'state',
          slot: `world:${object.id}.${key}`,
          key: `${object.id}.${key}`,
          value,
        });
    expect(facts.filter((fact) => fact.slot === `world:${TIME_OF_DAY}`)).toHaveLength(1);
  });

  it('follows the world: a flag written is a fact, and a flag named time_of_day never doubles the clock', () => {
    let world = startWorld(houseWorld());
    for (const change of [
      { type: 'set_flag', key: 'alarm', value: 'raised' },
      { type: 'set_flag', key: TIME_OF_DAY, value: 'noon' },
      { type: 'set_time', minuteOfDay: 23 * 60 },
    ] as const) {
      const result = write(world, change);
      if (!result.ok) throw new Error(result.reason);
      world = result.world;
    }
    const facts = worldFacts(world.state);
    expect(facts).toContainEqual({ kind: 'state', slot: 'world:alarm', key: 'alarm', value: 'raised' });
    expect(facts.filter((fact) => fact.slot === `world:${TIME_OF_DAY}`)).toEqual([
      { kind: 'state', slot: `world:${TIME_OF_DAY}`, key: TIME_OF_DAY, value: 'night' },
    ]);
  });
});
