import { describe, expect, it } from 'vitest';
import { houseWorld } from './fixture.ts';
import { refusal, run } from './action-helpers.ts';

describe('taking and giving', () => {
  it('refuses a fixed object', () => {
    expect(refusal(houseWorld(), { type: 'take', agent: 'tomas', object: 'table' })).toEqual({
      code: 'fixed',
      reason: "The table can't be taken.",
    });
  });

  it('refuses an object in another room, and one in a closed container', () => {
    expect(refusal(houseWorld(), { type: 'take', agent: 'tomas', object: 'lantern' })).toEqual({
      code: 'not_here',
      reason: "The lantern isn't within reach.",
    });
    expect(refusal(houseWorld(), { type: 'take', agent: 'tomas', object: 'iron_key' }).code).toBe('not_here');
  });

  it('refuses what the agent already has, and what someone else holds', () => {
    const state = run(houseWorld(), { type: 'take', agent: 'mara', object: 'lantern' });
    expect(refusal(state, { type: 'take', agent: 'mara', object: 'lantern' }).reason).toBe(
      'Mara already has the lantern.',
    );
    const moved = run(state, { type: 'move', agent: 'tomas', to: 'hall' });
    expect(refusal(moved, { type: 'take', agent: 'tomas', object: 'lantern' })).toEqual({
      code: 'held_by_other',
      reason: 'Mara has the lantern.',
    });
  });

  it('refuses giving to someone absent or to a full pair of hands', () => {
    const state = run(houseWorld(), { type: 'take', agent: 'mara', object: 'lantern' });
    expect(refusal(state, { type: 'give', agent: 'mara', object: 'lantern', to: 'tomas' })).toEqual({
      code: 'not_here',
      reason: "Tomas isn't here.",
    });
    expect(refusal(state, { type: 'give', agent: 'mara', object: 'coat', to: 'tomas' }).reason).toBe(
      "Mara isn't holding the coat.",
    );
    const given = run(
      state,
      { type: 'move', agent: 'tomas', to: 'hall' },
      { type: 'give', agent: 'mara', object: 'lantern', to: 'tomas' },
    );
    expect(given.objects['lantern']?.place).toEqual({ at: 'agent', id: 'tomas' });
    const full = run(
      houseWorld(),
      { type: 'take', agent: 'mara', object: 'coat' },
      { type: 'take', agent: 'mara', object: 'hat' },
      { type: 'move', agent: 'tomas', to: 'hall' },
      { type: 'take', agent: 'tomas', object: 'lantern' },
    );
    expect(refusal(full, { type: 'give', agent: 'tomas', object: 'lantern', to: 'mara' }).reason).toBe(
      "Mara can't carry anything more.",
    );
  });

  it('refuses taking past the carry limit', () => {
    const state = run(
      houseWorld(),
      { type: 'take', agent: 'mara', object: 'coat' },
      { type: 'take', agent: 'mara', object: 'hat' },
    );
    expect(refusal(state, { type: 'take', agent: 'mara', object: 'lantern' })).toEqual({
      code: 'capacity',
      reason: "Mara can't carry anything more.",
    });
  });

  it('puts into an open container only, and never a container into itself', () => {
    const state = run(
      houseWorld(),
      { type: 'take', agent: 'mara', object: 'coat' },
      { type: 'move', agent: 'mara', to: 'kitchen' },
    );
    expect(refusal(state, { type: 'put', agent: 'mara', object: 'coat', container: 'drawer' }).reason).toBe(
      'The drawer is closed.',
    );
    expect(refusal(state, { type: 'put', agent: 'mara', object: 'coat', container: 'table' }).code).toBe(
      'not_container',
    );
    const put = run(
      state,
      { type: 'open', agent: 'mara', object: 'drawer' },
      { type: 'put', agent: 'mara', object: 'coat', container: 'drawer' },
    );
    expect(put.objects['coat']?.place).toEqual({ at: 'container', id: 'drawer' });
  });
});
