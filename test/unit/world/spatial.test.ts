import { describe, expect, it } from 'vitest';
import {
  applyWrite,
  checkLineOfSight,
  createWorldState,
  getAudibleRange,
  getPath,
  getVisibleAgents,
  type WorldState,
} from '../../../engine/world/index.ts';
import { houseWorld } from './fixture.ts';

function written(state: WorldState, result: ReturnType<typeof applyWrite>): WorldState {
  if (!result.ok) throw new Error(result.reason);
  return result.state;
}

describe('line of sight', () => {
  const state = houseWorld();
  it.each([
    ['hall', 'hall', true],
    ['hall', 'kitchen', true], // open arch, either direction
    ['kitchen', 'hall', true],
    ['hall', 'cellar', false], // closed door
    ['hall', 'attic', false], // a ladder you cannot see up
    ['hall', 'closet', true], // open door
    ['kitchen', 'garden', true],
    ['garden', 'kitchen', true], // linked both ways
    ['hall', 'garden', false], // not adjacent, not overlooked
    ['hall', 'nowhere', false],
  ])('%s → %s is %s', (from, to, expected) => {
    expect(checkLineOfSight(state, from, to)).toBe(expected);
  });

  it('opens when the door opens', () => {
    const opened = written(
      state,
      applyWrite(state, { type: 'set_object_state', object: 'cellar_door', key: 'open', value: true }),
    );
    expect(checkLineOfSight(opened, 'hall', 'cellar')).toBe(true);
  });
});

describe('visible agents', () => {
  const state = houseWorld();
  it('sees into lit adjacent places but not through closed doors', () => {
    expect(getVisibleAgents(state, 'hall', 'mara').map((a) => a.id)).toEqual(['tomas']);
    expect(getVisibleAgents(state, 'kitchen', 'tomas').map((a) => a.id)).toEqual(['ines', 'mara']);
  });

  it('sees no one in the dark, even in the same place', () => {
    expect(getVisibleAgents(state, 'attic').map((a) => a.id)).toEqual([]);
    const lit = written(state, applyWrite(state, { type: 'set_lighting', location: 'attic', lighting: 'dim' }));
    expect(getVisibleAgents(lit, 'attic').map((a) => a.id)).toEqual(['ghost']);
  });

  it('needs normal light to see into another place', () => {
    const dim = written(state, applyWrite(state, { type: 'set_lighting', location: 'kitchen', lighting: 'dim' }));
    expect(getVisibleAgents(dim, 'hall', 'mara')).toEqual([]);
  });
});

describe('audible range', () => {
  const state = houseWorld();
  it('whisper stays in the room, normal speech reaches open neighbours, a shout carries through doors', () => {
    expect(getAudibleRange(state, 'hall', 'whisper')).toEqual(['hall']);
    expect(getAudibleRange(state, 'hall', 'normal')).toEqual(['attic', 'closet', 'hall', 'kitchen']);
    expect(getAudibleRange(state, 'hall', 'shout')).toEqual(['attic', 'cellar', 'closet', 'garden', 'hall', 'kitchen']);
  });

  it('a loud scene halves the reach', () => {
    const loud = written(state, applyWrite(state, { type: 'set_atmosphere', mood: 'riot', tension: 0.9, noise: 0.8 }));
    expect(getAudibleRange(loud, 'hall', 'normal')).toEqual(['closet', 'hall', 'kitchen']);
    expect(getAudibleRange(state, 'cellar', 'shout')).toEqual(['attic', 'cellar', 'closet', 'hall', 'kitchen']);
    expect(getAudibleRange(loud, 'cellar', 'shout')).toEqual(['cellar', 'hall']);
  });

  it('an unknown place hears nothing', () => {
    expect(getAudibleRange(state, 'nowhere', 'shout')).toEqual([]);
  });
});

describe('getPath', () => {
  const state = houseWorld();
  it('finds the cheapest way by travel cost', () => {
    expect(getPath(state, 'hall', 'garden')).toEqual({ steps: ['hall', 'kitchen', 'garden'], cost: 6 });
    expect(getPath(state, 'garden', 'garden')).toEqual({ steps: ['garden'], cost: 0 });
  });

  it('avoids locked doors unless asked', () => {
    expect(getPath(state, 'garden', 'cellar')).toBeNull();
    expect(getPath(state, 'garden', 'cellar', { throughLocked: true })).toEqual({
      steps: ['garden', 'kitchen', 'hall', 'cellar'],
      cost: 8,
    });
  });

  it('prefers a cheaper detour over fewer steps, deterministically', () => {
    const withShortcut = createWorldState({
      locations: [
        {
          id: 'garden',
          name: 'garden',
          connections: [
            { to: 'kitchen', cost: 5 },
            { to: 'hall', cost: 10 },
            { to: 'shed', cost: 3 },
          ],
        },
        { id: 'kitchen', name: 'kitchen', connections: [{ to: 'hall', cost: 1 }] },
        // Same total through the kitchen (6): the shed is settled first, being cheaper to reach, so its way wins.
        { id: 'shed', name: 'shed', connections: [{ to: 'hall', cost: 3 }] },
        { id: 'hall', name: 'hall' },
      ],
    });
    expect(getPath(withShortcut, 'garden', 'hall')).toEqual({ steps: ['garden', 'shed', 'hall'], cost: 6 });
  });
});
