import { describe, expect, it } from 'vitest';
import {
  act,
  checkWorldState,
  worldProblems,
  createWorldState,
  isWrite,
  perceive,
  startWorld,
  summarise,
  whoHears,
  write,
  type World,
  type WorldInput,
  type WorldWrite,
} from '../../../engine/world/index.ts';
import { houseWorld } from './fixture.ts';

function acted(world: World, input: WorldInput): World {
  const result = isWrite(input) ? write(world, input) : act(world, input);
  if (!result.ok) throw new Error(result.reason);
  return result.world;
}

describe('perception', () => {
  it('lists visible agents and objects, hides hidden things, and shows exits with their doors', () => {
    const seen = perceive(startWorld(houseWorld()), 'mara');
    expect(seen?.visibleAgents.map((a) => a.id)).toEqual(['tomas']);
    expect(seen?.visibleObjects.map((o) => o.id)).toEqual([
      'cellar_door',
      'closet_door',
      'coat',
      'drawer',
      'hat',
      'lantern',
      'table',
    ]);
    expect(seen?.exits.map((e) => `${e.to}:${e.door}`)).toEqual([
      'kitchen:none',
      'cellar:locked',
      'attic:none',
      'closet:open',
    ]);
    expect(seen?.features).toEqual(['rain']);
    expect(perceive(startWorld(houseWorld()), 'tomas')?.visibleObjects.map((o) => o.id)).toContain('letter');
    expect(perceive(startWorld(houseWorld()), 'nobody')).toBeNull();
  });

  it('hears speech by volume, once, after the given sequence number', () => {
    let world = startWorld(houseWorld());
    world = acted(world, { type: 'speak', agent: 'tomas', volume: 'normal', message: 'Dinner!', to: null });
    world = acted(world, { type: 'speak', agent: 'ines', volume: 'shout', message: 'Help!', to: null });
    world = acted(world, { type: 'speak', agent: 'tomas', volume: 'whisper', message: 'psst', to: null });
    expect(perceive(world, 'mara')?.heard.map((h) => h.message)).toEqual(['Dinner!', 'Help!']);
    expect(perceive(world, 'mara', 1)?.heard.map((h) => h.message)).toEqual(['Help!']);
    // Up in the attic, two rooms from the kitchen: the shout carries there, the dinner call does not.
    expect(perceive(world, 'ghost')?.heard.map((h) => h.message)).toEqual(['Help!']);
  });
});

describe('communication', () => {
  it('says who hears an utterance at each volume, by distance: the garden is five minutes off', () => {
    const world = startWorld(houseWorld());
    expect(whoHears(world, 'tomas', 'whisper')).toEqual([]);
    expect(whoHears(world, 'tomas', 'normal')).toEqual(['mara']);
    expect(whoHears(world, 'tomas', 'shout')).toEqual(['ghost', 'ines', 'mara']);
    const together = acted(world, { type: 'move', agent: 'mara', to: 'kitchen' });
    expect(whoHears(together, 'tomas', 'whisper', 'mara')).toEqual(['mara']);
  });
});

describe('cognition', () => {
  it('summarises the agent, its inventory, what it owns, the environment and distances', () => {
    const situation = summarise(startWorld(houseWorld()), 'tomas');
    expect(situation?.self).toMatchObject({ id: 'tomas', zone: 'house', inventory: ['letter'] });
    expect(situation?.owns).toEqual(['lantern']);
    expect(situation?.environment).toMatchObject({
      phase: 'day',
      minuteOfDay: 870,
      weather: 'rain',
      flags: { public_awareness: 'none' },
    });
    expect(situation?.distances).toEqual({ attic: 4, closet: 2, garden: 5, hall: 1, kitchen: 0 });
  });
});

describe('state writes', () => {
  const writes: WorldWrite[] = [
    { type: 'set_object_state', object: 'cellar_door', key: 'open', value: true },
    { type: 'place_object', object: 'lantern', place: { at: 'agent', id: 'ines' } },
    { type: 'set_visibility', object: 'letter', visibility: 'visible' },
    { type: 'place_agent', agent: 'ghost', location: 'cellar' },
    { type: 'set_condition', agent: 'mara', condition: { status: 'hurt', effects: ['soaked', 'bleeding'] } },
    { type: 'set_lighting', location: 'attic', lighting: 'bright' },
    { type: 'set_time', minuteOfDay: 1380 },
    { type: 'set_weather', weather: 'storm' },
    { type: 'set_atmosphere', mood: 'dread', tension: 0.9, noise: 0.3 },
    { type: 'set_flag', key: 'public_awareness', value: 'rumours' },
  ];

  it.each(writes.map((w) => [w.type, w] as const))('%s applied twice equals applied once', (_type, change) => {
    const once = acted(startWorld(houseWorld()), change);
    const twice = write(once, change);
    expect(twice.ok && twice.entry).toBe(null);
    expect(twice.ok && JSON.stringify(twice.world)).toBe(JSON.stringify(once));
    expect(once.log).toHaveLength(1);
  });

  it('refuses writes naming things that do not exist, changing nothing', () => {
    const world = startWorld(houseWorld());
    expect(write(world, { type: 'place_agent', agent: 'mara', location: 'moon' })).toMatchObject({
      ok: false,
      code: 'unknown',
    });
    expect(
      write(world, { type: 'place_object', object: 'coat', place: { at: 'container', id: 'table' } }),
    ).toMatchObject({ ok: false });
  });
});

describe('initial state', () => {
  it('round-trips through JSON and reports broken references', () => {
    const state = houseWorld();
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    expect(checkWorldState(state)).toEqual([]);
    const broken = createWorldState({
      locations: [{ id: 'a', name: 'A', connections: [{ to: 'b', door: 'gate' }] }],
      agents: [{ id: 'x', name: 'X', location: 'b' }],
      objects: [{ id: 'o', name: 'o', kind: 'portable', place: { at: 'container', id: 'o2' }, keyId: 'k' }],
    });
    expect(checkWorldState(broken)).toEqual([
      'location a: connection to unknown location b',
      'location a: door gate is not an object',
      'agent x: unknown location b',
      'object o: unknown container o2',
    ]);
  });

  it('finds impossible worlds: objects inside themselves at any depth, non-containers, doors that cannot open', () => {
    const impossible = createWorldState({
      locations: [
        { id: 'a', name: 'A', connections: [{ to: 'b', door: 'gate' }] },
        { id: 'b', name: 'B' },
      ],
      objects: [
        { id: 'gate', name: 'gate', kind: 'fixed', place: { at: 'location', id: 'a' }, keyId: 'lost-key' },
        { id: 'coin', name: 'coin', kind: 'portable', place: { at: 'container', id: 'purse' } },
        { id: 'purse', name: 'purse', kind: 'portable', container: true, place: { at: 'container', id: 'purse' } },
        { id: 'stone', name: 'stone', kind: 'portable', place: { at: 'location', id: 'a' } },
        { id: 'pebble', name: 'pebble', kind: 'portable', place: { at: 'container', id: 'stone' } },
      ],
    });
    expect(checkWorldState(impossible)).toEqual([
      'object gate: is the door of a way but has no open state; give it state: { open: false }',
      'object pebble: stone is not a container',
      'object purse: "purse" is inside itself; put it in another container, a location or a holder',
    ]);
    expect(worldProblems(impossible).filter((problem) => problem.severity === 'warning')).toEqual([
      expect.objectContaining({ code: 'key_nowhere', id: 'gate', field: 'key' }),
    ]);
  });
});
