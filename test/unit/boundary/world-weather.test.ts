import { beforeAll, describe, expect, it } from 'vitest';
import { applyStepResults } from '../../../engine/boundary/apply-results.ts';
import { readBoundaryInput } from '../../../engine/boundary/snapshot.ts';
import { weatherOf } from '../../../engine/boundary/world-weather.ts';
import type { StoryPack } from '../../../engine/pack/index.ts';
import { lanternQuay, sampleSnapshot } from '../../support/boundary.ts';

let pack: StoryPack;
beforeAll(async () => {
  pack = await lanternQuay();
});

/** The sample scene with a world model whose weather is `weather`. */
function withWorld(weather: string) {
  const snapshot = sampleSnapshot(pack);
  const environment = { minuteOfDay: 1290, weather, mood: 'wary', tension: 0.3, noise: 0.2, flags: {} };
  return readBoundaryInput({ ...snapshot, playState: { ...snapshot.playState, events: { world: { environment } } } });
}

describe('weather at the scene boundary', () => {
  it('lets the Chronicler change the weather the next scene opens in, at the checkpoint', () => {
    const applied = applyStepResults(withWorld('hard rain and sea fog'), {
      chronicler: { play: { weather: 'a full gale, the fog blown out' } },
    });
    expect(weatherOf(applied.playState)).toBe('a full gale, the fog blown out');
    expect(applied.summary['chronicler']).toMatchObject({ weather: 'a full gale, the fog blown out' });
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
