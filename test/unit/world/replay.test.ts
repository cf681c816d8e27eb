import { describe, expect, it } from 'vitest';
import {
  replay,
  replayLog,
  restoreWorld,
  VOLUMES,
  type WorldInput,
  type WorldState,
} from '../../../engine/world/index.ts';
import { houseWorld } from './fixture.ts';

/** mulberry32: a tiny seeded PRNG, so the "random" sequence is the same on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(next: () => number, items: readonly T[]): T {
  const item = items[Math.floor(next() * items.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
}

/** A mix of valid and invalid actions and writes over every kind the world knows. */
function randomInputs(state: WorldState, seed: number, count: number): WorldInput[] {
  const next = seeded(seed);
  const agents = Object.keys(state.agents);
  const objects = Object.keys(state.objects);
  const locations = Object.keys(state.locations);
  const inputs: WorldInput[] = [];
  for (let i = 0; i < count; i += 1) {
    const agent = pick(next, agents);
    const object = pick(next, objects);
    const kind = pick(next, [
      'move',
      'move',
      'take',
      'drop',
      'give',
      'put',
      'open',
      'close',
      'lock',
      'unlock',
      'use',
      'examine',
      'speak',
      'face',
      'write',
    ] as const);
    switch (kind) {
      case 'move':
        inputs.push({ type: 'move', agent, to: pick(next, locations) });
        break;
      case 'give':
        inputs.push({ type: 'give', agent, object, to: pick(next, agents) });
        break;
      case 'put':
        inputs.push({ type: 'put', agent, object, container: pick(next, objects) });
        break;
      case 'examine':
        inputs.push({ type: 'examine', agent, target: pick(next, [...objects, ...agents]) });
        break;
      case 'speak':
        inputs.push({
          type: 'speak',
          agent,
          volume: pick(next, VOLUMES),
          message: `line ${i}`,
          to: next() < 0.5 ? null : pick(next, agents),
        });
        break;
      case 'face':
        inputs.push({ type: 'face', agent, toward: pick(next, locations) });
        break;
      case 'write':
        inputs.push(
          pick(next, [
            {
              type: 'set_lighting',
              location: pick(next, locations),
              lighting: pick(next, ['dark', 'dim', 'normal', 'bright'] as const),
            },
            { type: 'set_object_state', object, key: 'open', value: next() < 0.5 },
            { type: 'set_time', minuteOfDay: Math.floor(next() * 1440) },
            { type: 'set_atmosphere', mood: 'uneasy', tension: next(), noise: next() },
          ] satisfies WorldInput[]),
        );
        break;
      default:
        inputs.push({ type: kind, agent, object });
    }
  }
  return inputs;
}

describe('replay', () => {
  const initial = houseWorld();
  const inputs = randomInputs(initial, 20261122, 2000);

  it('gives an identical state and log for the same initial state and inputs', () => {
    const first = replay(initial, inputs);
    const second = replay(houseWorld(), inputs);
    expect(second.world).toEqual(first.world);
    expect(JSON.stringify(second.world)).toBe(JSON.stringify(first.world));
    // The sequence is a real mix: many commits, many refusals, and the world actually moved.
    expect(first.world.log.length).toBeGreaterThan(300);
    expect(first.rejected.length).toBeGreaterThan(300);
    expect(first.world.state).not.toEqual(initial);
  });

  it('rebuilds the state from the change log alone', () => {
    const { world } = replay(initial, inputs);
    const rebuilt = replayLog(initial, world.log);
    expect(rebuilt.rejected).toEqual([]);
    expect(JSON.stringify(rebuilt.world)).toBe(JSON.stringify(world));
  });

  it('numbers log entries 1, 2, 3 … and leaves the initial state untouched', () => {
    const before = JSON.stringify(initial);
    const { world } = replay(initial, inputs.slice(0, 200));
    expect(world.log.map((entry) => entry.seq)).toEqual(world.log.map((_, index) => index + 1));
    expect(JSON.stringify(initial)).toBe(before);
  });

  it('stamps each entry with its turn and an id unique within a save: a turn’s, then its boundary’s (issue 23)', () => {
    const turnFive = replay(initial, inputs.slice(0, 100), { turn: 5, phase: 'turn' }).world;
    const boundary = replay(turnFive.state, inputs.slice(100, 200), { turn: 5, phase: 'boundary' }).world;
    const turnSix = replay(boundary.state, inputs.slice(200, 300), { turn: 6, phase: 'turn' }).world;
    const entries = [...turnFive.log, ...boundary.log, ...turnSix.log];
    expect(entries.length).toBeGreaterThan(50);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
    expect(turnFive.log.map((entry) => [entry.turn, entry.id])).toContainEqual([5, 'w5.1']);
    expect(boundary.log[0]).toMatchObject({ turn: 5, id: 'w5b.1' });
    expect(turnSix.log.every((entry) => entry.turn === 6 && entry.id === `w6.${entry.seq}`)).toBe(true);
    // Stable: the same log replayed gives the same ids, so a save and its replay name entries alike.
    expect(replayLog(turnFive.state, boundary.log).world.log).toEqual(boundary.log);
  });

  it('survives a JSON round trip mid-way', () => {
    const half = replay(initial, inputs.slice(0, 1000)).world;
    const restored = restoreWorld(JSON.parse(JSON.stringify(half)));
    if (!restored.ok) throw new Error(restored.problems.join('\n'));
    expect(restored.world).toEqual(half);
    const continued = replay(restored.world.state, inputs.slice(1000)).world.state;
    expect(JSON.stringify(continued)).toBe(JSON.stringify(replay(initial, inputs).world.state));
  });
});
