import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CASCADE_LIMITS } from '../../../engine/events/index.ts';
import { loadPack, type StoryPack } from '../../../engine/pack/index.ts';
import { storySchema } from '../../../engine/pack/schema/story.ts';
import { cascadeLimitsOf } from '../../../engine/turn/classify/runtime.ts';
import { STORIES_DIR } from '../../support/playthrough.ts';

let pack: StoryPack;
beforeAll(async () => {
  const loaded = await loadPack(path.join(STORIES_DIR, 'lantern-quay'), { appVersion: '0.1.0' });
  if (loaded.pack === null) throw new Error('lantern-quay does not load');
  pack = loaded.pack;
});

describe('per-story cascade limits (tuning.cascade)', () => {
  it('uses the engine defaults when the story sets none', () => {
    expect(cascadeLimitsOf(pack)).toEqual(DEFAULT_CASCADE_LIMITS);
  });

  it("takes the story's depth and event limits, keeping the default time budgets", () => {
    const tuning = { ...pack.manifest.tuning, cascade: { maxDepth: 2, maxEvents: 40 } };
    const tuned: StoryPack = { ...pack, manifest: { ...pack.manifest, tuning } };
    expect(cascadeLimitsOf(tuned)).toEqual({ ...DEFAULT_CASCADE_LIMITS, maxDepth: 2, maxEvents: 40 });
  });

  it('refuses a depth of 0 in story.yaml', () => {
    const shape = storySchema.shape.tuning.unwrap().shape.cascade.unwrap();
    expect(shape.safeParse({ maxDepth: 0 }).success).toBe(false);
    expect(shape.safeParse({ maxDepth: 3 }).success).toBe(true);
  });
});
