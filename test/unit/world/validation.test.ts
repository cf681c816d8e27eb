import { describe, expect, it } from 'vitest';
import { applyAction, applyWrite } from '../../../engine/world/index.ts';
import { houseWorld } from './fixture.ts';
import { refusal, run, withKey } from './action-helpers.ts';

describe('doors', () => {
  it('refuses to open a door that is already open (the spec example)', () => {
    const state = run(
      withKey(),
      { type: 'unlock', agent: 'mara', object: 'cellar_door' },
      { type: 'move', agent: 'tomas', to: 'hall' },
      { type: 'open', agent: 'tomas', object: 'cellar_door' },
    );
    expect(refusal(state, { type: 'open', agent: 'mara', object: 'cellar_door' })).toEqual({
      code: 'already',
      reason: 'The cellar door is already open.',
    });
  });

  it('refuses a locked door without the key, and unlocks it with the key', () => {
    const state = houseWorld();
    expect(refusal(state, { type: 'open', agent: 'mara', object: 'cellar_door' }).reason).toBe(
      'The cellar door is locked.',
    );
    expect(refusal(state, { type: 'unlock', agent: 'mara', object: 'cellar_door' })).toEqual({
      code: 'no_key',
      reason: 'Mara needs the iron key to unlock the cellar door.',
    });
    expect(refusal(state, { type: 'move', agent: 'mara', to: 'cellar' }).reason).toBe(
      'The cellar door is closed and locked.',
    );
    const inside = run(
      withKey(),
      { type: 'unlock', agent: 'mara', object: 'cellar_door' },
      { type: 'open', agent: 'mara', object: 'cellar_door' },
      { type: 'move', agent: 'mara', to: 'cellar' },
    );
    expect(inside.agents['mara']?.location).toBe('cellar');
    expect(inside.objects['cellar_door']?.state).toEqual({ open: true, locked: false });
  });

  it('works a door from either side', () => {
    const inside = run(
      withKey(),
      { type: 'unlock', agent: 'mara', object: 'cellar_door' },
      { type: 'open', agent: 'mara', object: 'cellar_door' },
      { type: 'move', agent: 'mara', to: 'cellar' },
      { type: 'close', agent: 'mara', object: 'cellar_door' },
      { type: 'lock', agent: 'mara', object: 'cellar_door' },
    );
    expect(inside.objects['cellar_door']?.state).toEqual({ open: false, locked: true });
    const tomasInHall = run(inside, { type: 'move', agent: 'tomas', to: 'hall' });
    expect(refusal(tomasInHall, { type: 'move', agent: 'tomas', to: 'cellar' }).code).toBe('locked');
  });

  it('will not lock an open door, nor open something that does not open', () => {
    const open = run(
      withKey(),
      { type: 'unlock', agent: 'mara', object: 'cellar_door' },
      { type: 'open', agent: 'mara', object: 'cellar_door' },
    );
    expect(refusal(open, { type: 'lock', agent: 'mara', object: 'cellar_door' }).code).toBe('invalid');
    expect(refusal(houseWorld(), { type: 'open', agent: 'tomas', object: 'table' })).toEqual({
      code: 'not_openable',
      reason: "The table doesn't open.",
    });
    expect(refusal(houseWorld(), { type: 'lock', agent: 'mara', object: 'closet_door' }).code).toBe('not_lockable');
  });
});

describe('movement and agents', () => {
  it('refuses a place that is full, not adjacent, or the one the agent is in', () => {
    const state = run(
      houseWorld(),
      { type: 'move', agent: 'mara', to: 'closet' },
      { type: 'move', agent: 'tomas', to: 'hall' },
    );
    expect(refusal(state, { type: 'move', agent: 'tomas', to: 'closet' })).toEqual({
      code: 'capacity',
      reason: 'There is no room for anyone else in the closet.',
    });
    expect(refusal(state, { type: 'move', agent: 'tomas', to: 'garden' }).code).toBe('not_adjacent');
    expect(refusal(state, { type: 'move', agent: 'tomas', to: 'hall' }).reason).toBe('Tomas is already in the hall.');
  });

  it('refuses an incapacitated actor and unknown names', () => {
    const hurt = applyWrite(houseWorld(), {
      type: 'set_condition',
      agent: 'mara',
      condition: { status: 'incapacitated', effects: ['stunned'] },
    });
    if (!hurt.ok) throw new Error(hurt.reason);
    expect(refusal(hurt.state, { type: 'take', agent: 'mara', object: 'coat' }).reason).toBe(
      'Mara cannot act right now.',
    );
    expect(refusal(houseWorld(), { type: 'take', agent: 'nobody', object: 'coat' }).code).toBe('unknown');
    expect(refusal(houseWorld(), { type: 'take', agent: 'mara', object: 'unicorn' }).code).toBe('unknown');
  });

  it('cannot examine what is hidden or out of sight', () => {
    expect(refusal(houseWorld(), { type: 'examine', agent: 'mara', target: 'letter' }).code).toBe('not_visible');
    expect(refusal(houseWorld(), { type: 'examine', agent: 'mara', target: 'ghost' }).code).toBe('not_visible');
    expect(applyAction(houseWorld(), { type: 'examine', agent: 'tomas', target: 'letter' })).toMatchObject({
      ok: true,
      changes: [],
    });
  });

  it('uses a lever by toggling it', () => {
    const state = run(
      withKey(),
      { type: 'unlock', agent: 'mara', object: 'cellar_door' },
      { type: 'open', agent: 'mara', object: 'cellar_door' },
      { type: 'move', agent: 'mara', to: 'cellar' },
    );
    const result = applyAction(state, { type: 'use', agent: 'mara', object: 'lever' });
    expect(result).toMatchObject({
      ok: true,
      changes: [{ entity: 'object', id: 'lever', property: 'state.active', before: false, after: true }],
    });
    expect(refusal(state, { type: 'use', agent: 'mara', object: 'iron_key' }).code).toBe('not_usable');
  });
});

describe('atomicity', () => {
  it('a rejected action leaves the state untouched, and an accepted one never mutates its input', () => {
    const state = houseWorld();
    const before = JSON.stringify(state);
    Object.freeze(state);
    const rejected = applyAction(state, { type: 'give', agent: 'mara', object: 'lantern', to: 'ines' });
    expect(rejected.ok).toBe(false);
    expect(rejected).not.toHaveProperty('state');
    const accepted = applyAction(state, { type: 'take', agent: 'mara', object: 'lantern' });
    expect(accepted.ok).toBe(true);
    expect(JSON.stringify(state)).toBe(before);
  });

  it('records before and after of exactly the fields that changed', () => {
    const result = applyAction(houseWorld(), { type: 'take', agent: 'mara', object: 'lantern' });
    expect(result).toMatchObject({
      ok: true,
      changes: [
        {
          entity: 'object',
          id: 'lantern',
          property: 'place',
          before: { at: 'location', id: 'hall' },
          after: { at: 'agent', id: 'mara' },
        },
      ],
    });
  });
});
