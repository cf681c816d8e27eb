import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initialNpcState } from '../../../engine/boundary/index.ts';
import { loadPack, type StoryPack } from '../../../engine/pack/index.ts';
import { initialPlayState, type PlayState } from '../../../engine/turn/index.ts';
import { opensScene, withoutOpening } from '../../../engine/turn/play-state.ts';
import { sceneOpeningFor } from '../../../engine/turn/scene-opening.ts';
import { STORIES_DIR } from '../../support/playthrough.ts';

let pack: StoryPack;
let midScene: PlayState;
beforeAll(async () => {
  const loaded = await loadPack(path.join(STORIES_DIR, 'tutorial'), { appVersion: '0.1.0' });
  if (loaded.pack === null) throw new Error('the tutorial does not load');
  pack = loaded.pack;
  midScene = { ...initialPlayState(pack, 'robin-ashby'), pendingMarkers: [] };
});

/** Test double for the save: no scene opening has offered anything yet. */
const noDeliveries = { latestCheckpoint: () => null };

describe('which turn opens a scene', () => {
  it('is the one after /end scene, after leaving for another place, and after /skip — not one mid-scene', () => {
    expect(opensScene({ ...midScene, pendingMarkers: [{ marker: 'scene_open' }] })).toBe(true);
    expect(opensScene({ ...midScene, pendingMarkers: [{ marker: 'location_change', from: 'a', to: 'b' }] })).toBe(true);
    expect(opensScene({ ...midScene, sceneOpening: true })).toBe(true);
    expect(opensScene(midScene)).toBe(false);
    expect(opensScene(withoutOpening({ ...midScene, sceneOpening: true }))).toBe(false);
  });

  it('gives the Narrator the Chronicler’s brief at an opening reached by leaving a place, not only by /end scene', () => {
    const chronicle = {
      version: 1,
      cycle: 1,
      at: 0,
      story_state: {},
      writer_guidance: { manifesting_now: ['The bell rings though nobody has come in.'] },
    };
    const npc = { ...initialNpcState(pack), chronicle };
    const arrived: PlayState = { ...midScene, pendingMarkers: [{ marker: 'location_change', from: 'a', to: 'b' }] };
    expect(sceneOpeningFor(noDeliveries, pack, arrived, npc)?.text).toContain(
      'The bell rings though nobody has come in.',
    );
    expect(sceneOpeningFor(noDeliveries, pack, midScene, npc)).toBeNull();
  });
});
