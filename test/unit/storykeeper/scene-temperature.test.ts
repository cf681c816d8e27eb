import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPack, type StoryPack } from '../../../engine/pack/index.ts';
import { evaluateLandscape, sceneTemperature } from '../../../engine/storykeeper/index.ts';
import { STORIES_DIR } from '../../support/playthrough.ts';
import { truthOf } from './pack-story.ts';

let pack: StoryPack;
beforeAll(async () => {
  const loaded = await loadPack(path.join(STORIES_DIR, 'lantern-quay'), { appVersion: '0.1.0' });
  if (loaded.pack === null) throw new Error('lantern-quay does not load');
  pack = loaded.pack;
});

const temperatureIn = (scene: string, location: string, facts: string[] = []) =>
  sceneTemperature(evaluateLandscape(pack, { truth: truthOf({ turn: 3, scene, facts }), turn: 4, location }));

describe('scene temperature from the scene', () => {
  it('is high at the climax: the crypt at first light, a convergence point with everything at stake', () => {
    expect(temperatureIn('the-crypt-at-first-light', 'crypt')).toBe('high');
  });

  it('is neutral in a gate scene with stakes and no attractor imminent', () => {
    expect(temperatureIn('the-button-in-the-bible', 'chapel')).toBe('neutral');
  });

  it('is low in the aftermath of a scene whose exit has been taken', () => {
    expect(temperatureIn('the-button-in-the-bible', 'chapel', ['Knows(player,pells_fate)'])).toBe('low');
  });
});
