import { describe, expect, it } from 'vitest';
import { DEFAULT_STORYKEEPER_CONFIG, storykeeperConfig } from '../../../engine/storykeeper/index.ts';

describe('story config', () => {
  it('is the defaults when a story overrides nothing', () => {
    expect(storykeeperConfig()).toEqual(DEFAULT_STORYKEEPER_CONFIG);
  });

  it('overrides one value at any depth and keeps every other default', () => {
    const config = storykeeperConfig({
      weights: { thematic: 0.3 },
      distance: { byType: { gate: { information: 0.9 } } },
      scoring: { temperature: { max: 1.5 } },
      nearbyAttractors: 1,
    });
    expect(config.weights).toEqual({ ...DEFAULT_STORYKEEPER_CONFIG.weights, thematic: 0.3 });
    expect(config.distance.byType.gate).toEqual({
      ...DEFAULT_STORYKEEPER_CONFIG.distance.byType.gate,
      information: 0.9,
    });
    expect(config.distance.byType.connective).toEqual(DEFAULT_STORYKEEPER_CONFIG.distance.byType.connective);
    expect(config.scoring.temperature).toEqual({ min: 0.7, max: 1.5 });
    expect(config.nearbyAttractors).toBe(1);
    expect(config.scoring.minimumCandidateScore).toBe(0.1);
  });

  it('replaces lists whole', () => {
    const config = storykeeperConfig({ scoring: { valences: { high: { favoured: ['dread'] } } } });
    expect(config.scoring.valences.high).toEqual({
      favoured: ['dread'],
      disfavoured: ['calm', 'routine', 'exposition'],
    });
  });
});
