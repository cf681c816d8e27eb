import { beforeAll, describe, expect, it } from 'vitest';
import { applyStepResults } from '../../../engine/boundary/apply-results.ts';
import { readBoundaryInput } from '../../../engine/boundary/snapshot.ts';
import { weatherOf } from '../../../engine/boundary/world-weather.ts';
import type { StoryPack } from '../../../engine/pack/index.ts';
import { initialPlayState } from '../../../engine/turn/index.ts';
import { initialEventState } from '../../../engine/turn/classify/index.ts';
import { lanternQuay, sampleSnapshot } from '../../support/boundary.ts';

let pack: StoryPack;
beforeAll(async () => {
  pack = await lanternQuay();
});

/** The sample scene with Lantern Quay's world model, its weather `weather`. */
function withWorld(weather: string) {
  const snapshot = sampleSnapshot(pack);
  const persona = pack.manifest.start.persona;
  const world = initialEventState(pack, initialPlayState(pack, persona), persona).world;
  if (world === null) throw new Error('Lantern Quay has a world');
  const events = { world: { ...world, environment: { ...world.environment, weather } } };
  return readBoundaryInput({ ...snapshot, playState: { ...snapshot.playState, events } });
}

describe('weather at the scene boundary', () => {
  it('lets the Chronicler change the weather the next scene opens in, at the checkpoint', () => {
    const applied = applyStepResults(withWorld('hard rain and sea fog'), {
      chronicler: { play: { weather: 'a full gale, the fog blown out' } },
    });
    expect(weatherOf(applied.playState)).toBe('a full gale, the fog blown out');
    expect(applied.summary['chronicler']).toMatchObject({ weather: 'a full gale, the fog blown out' });
  });

  it('writes the new weather through the world’s log, as entries of the closing turn’s boundary (issue 23)', () => {
    const input = withWorld('hard rain and sea fog');
    const applied = applyStepResults(input, { chronicler: { play: { weather: 'a full gale' } } });
    const events = applied.playState['events'];
    const log = isRecord(events) ? events['boundaryLog'] : null;
    expect(log).toContainEqual(
      expect.objectContaining({
        id: expect.stringMatching(new RegExp(`^w${input.snapshot.turn}b\\.\\d+$`, 'u')),
        turn: input.snapshot.turn,
        input: { type: 'set_weather', weather: 'a full gale' },
      }),
    );
  });

  it('keeps the weather when no step changes it, and ignores a change for a pack without a world model', () => {
    expect(weatherOf(applyStepResults(withWorld('hard rain'), {}).playState)).toBe('hard rain');
    const plain = applyStepResults(readBoundaryInput(sampleSnapshot(pack)), {
      chronicler: { play: { weather: 'snow' } },
    });
    expect(weatherOf(plain.playState)).toBeNull();
    expect(plain.playState['events']).toBeUndefined();
  });
});

function isRecord(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
