import { describe, expect, it } from 'vitest';
import { parseClock, phaseOfDay, restoreWorld, startWorld } from '../../../engine/world/index.ts';
import { houseWorld } from './fixture.ts';

describe('restoreWorld', () => {
  it('accepts a checkpoint and refuses a corrupt or inconsistent one with reasons', () => {
    const saved: unknown = JSON.parse(JSON.stringify(startWorld(houseWorld())));
    expect(restoreWorld(saved)).toMatchObject({ ok: true });
    expect(restoreWorld({ state: {}, log: [] })).toMatchObject({ ok: false });
    const state = houseWorld();
    const dangling = {
      state: { ...state, agents: { ...state.agents, mara: { ...state.agents['mara'], location: 'moon' } } },
      log: [],
      at: { turn: 0, phase: 'turn' },
    };
    expect(restoreWorld(dangling)).toEqual({ ok: false, problems: ['agent mara: unknown location moon'] });
  });
});

describe('time of day', () => {
  it.each([
    ['2:30 PM', 870, 'day'],
    ['14:30', 870, 'day'],
    ['12:05 AM', 5, 'night'],
    ['5:00', 300, 'dawn'],
    ['7:15 pm', 1155, 'dusk'],
  ])('%s is minute %i, %s', (text, minute, phase) => {
    expect(parseClock(text)).toBe(minute);
    expect(phaseOfDay(minute)).toBe(phase);
  });

  it.each(['25:00', '0:00 PM', '12:60', 'noon'])('refuses %s', (text) => {
    expect(parseClock(text)).toBeNull();
  });
});
