import { describe, expect, it } from 'vitest';
import { readBoundaryInput, toJson } from '../../../engine/boundary/index.ts';
import { cohortCandidate, likelyToAppear, readOffscreenScene } from '../../../engine/boundary/simulation/index.ts';
import type { Character } from '../../../engine/pack/index.ts';
import { z } from 'zod';
import { lanternQuay } from './knowledge-steps.fixture.ts';
import { offscreenSnapshot } from './offscreen.fixture.ts';

/** The fixture's scene, with the persona heading to `location` at `time` instead. */
async function heading(location: string, time: string) {
  const pack = await lanternQuay();
  const snapshot = z.record(z.string(), z.unknown()).parse(offscreenSnapshot(pack));
  const play = z.record(z.string(), z.unknown()).parse(snapshot['playState']);
  const scene = readOffscreenScene(readBoundaryInput(toJson({ ...snapshot, playState: { ...play, location, time } })));
  return { pack, scene };
}

describe('who the planner expects in the next scene', () => {
  it('counts those already there and those whose routine takes them there at that hour, past midnight too', async () => {
    const quay = await heading('quay', '1768-09-30T00:10');
    expect(likelyToAppear(quay.pack, quay.scene).map((item) => item.character)).toEqual([
      'ambrose-hale',
      'kit-wickett',
    ]);
    const chapel = await heading('chapel', '1768-09-30T00:30');
    expect(likelyToAppear(chapel.pack, chapel.scene)).toEqual([
      { character: 'anselm-mercer', why: 'already there' },
      { character: 'magdalen-rook', why: 'its routine takes it there at 00:00' },
    ]);
  });
});

describe('what the cohort rules read of a character', () => {
  it('takes the characters a goal involves or names as a whole word, its faction and its routine in minutes', async () => {
    const { pack, scene } = await heading('chapel', '1768-09-29T22:25');
    const hale = pack.characters.find((character) => character.id === 'ambrose-hale');
    if (hale === undefined) throw new Error('no Hale');
    const candidate = cohortCandidate(pack, scene, hale);
    expect(candidate).toMatchObject({
      location: 'custom-house',
      faction: 'customs',
      factionBusiness: ['customs'],
      goalTargets: ['player', 'magdalen-rook', 'silas-crane'],
    });
    expect(candidate.routine[0]).toEqual({ place: 'quay', from: 22 * 60, to: 22 * 60 + 30 });
    const whaler: Character = {
      ...hale,
      id: 'whaler',
      goals: ['Hunt the whale that took my boat.', 'Pay Crane back.'],
    };
    expect(cohortCandidate(pack, scene, whaler).goalTargets).toEqual(['silas-crane']);
  });
});
