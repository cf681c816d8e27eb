import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initialNpcState } from '../../../engine/boundary/index.ts';
import type { ClosedScene } from '../../../engine/boundary/steps/closed-scene.ts';
import { sceneNews } from '../../../engine/boundary/steps/scene-news.ts';
import { loadPack, type StoryPack } from '../../../engine/pack/index.ts';
import { STORIES_DIR } from '../../support/playthrough.ts';

let pack: StoryPack;
beforeAll(async () => {
  const loaded = await loadPack(path.join(STORIES_DIR, 'lantern-quay'), { appVersion: '0.1.0' });
  if (loaded.pack === null) throw new Error('lantern-quay does not load');
  pack = loaded.pack;
});

function closing(ledger: ClosedScene['ledger']): ClosedScene {
  return {
    turn: 4,
    location: 'drowned-lantern',
    time: 20 * 60,
    present: ['sam-fairweather', 'ambrose-hale'],
    transcript: [],
    states: {},
    knowledge: initialNpcState(pack).knowledge,
    roster: null,
    relationships: null,
    ledger,
  };
}

const shift = (dimension: string, delta: number) => ({
  record: {
    kind: 'event',
    event: { type: 'RelationshipShifted', from: 'ambrose-hale', to: 'player', dimension, delta },
  },
});

describe('scene news keeps the relationship dimension', () => {
  it('a rise in wariness spreads as more wariness, never as warming to', () => {
    const texts = sceneNews(pack, 'sam-fairweather', closing([shift('wariness', 1)])).map((item) => item.text);
    expect(texts).toContain('Ambrose Hale showed more wariness toward Sam Fairweather at The Drowned Lantern');
    expect(texts.some((text) => text.includes('warmed to'))).toBe(false);
  });

  it('trust still warms and cools', () => {
    const texts = sceneNews(pack, 'sam-fairweather', closing([shift('trust', 0.3), shift('affection', -0.2)])).map(
      (item) => item.text,
    );
    expect(texts).toContain('Ambrose Hale warmed to Sam Fairweather at The Drowned Lantern');
    expect(texts).toContain('Ambrose Hale turned against Sam Fairweather at The Drowned Lantern');
  });
});
