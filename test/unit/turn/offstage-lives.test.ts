import { beforeAll, describe, expect, it } from 'vitest';
import { initialNpcState, type NpcState } from '../../../engine/boundary/index.ts';
import type { StoryPack } from '../../../engine/pack/index.ts';
import { offstageLives } from '../../../engine/turn/offstage-lives.ts';
import { lanternQuay } from '../../support/boundary.ts';

let pack: StoryPack;
beforeAll(async () => {
  pack = await lanternQuay();
});

/** The initial npc state with Hale's off-stage situation written at `at`, and Hale last on stage at `seen`. */
function withSituation(at: number, seen: number | null): NpcState {
  const npc = initialNpcState(pack);
  const roster = npc.roster;
  if (roster === null) throw new Error('Lantern Quay has a roster');
  const hale = { tier: 'arc_important' as const, lastRelevantAt: seen };
  const situation = { location: 'custom-house', activity: 'Burned the Board’s letter', emotional_state: 'uneasy', at };
  return {
    ...npc,
    roster: { ...roster, characters: { ...roster.characters, 'ambrose-hale': hale } },
    simulation: { version: 1, cycle: 1, situations: { 'ambrose-hale': situation } },
  };
}

describe('off-stage lives in a character’s own prompts', () => {
  it('tells a character what it did off-stage since it was last in a scene', () => {
    expect(offstageLives(withSituation(600, 500))).toEqual({
      'ambrose-hale': 'Burned the Board’s letter. You feel uneasy.',
    });
    expect(offstageLives(withSituation(600, null))).toHaveProperty('ambrose-hale');
  });

  it('forgets it once the character has been on stage since', () => {
    expect(offstageLives(withSituation(600, 700))).toEqual({});
    expect(offstageLives(initialNpcState(pack))).toEqual({});
  });
});
