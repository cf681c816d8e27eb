import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STORYKEEPER_CONFIG,
  narrativeDistance,
  SCENE_TYPES,
  type Scene,
  type SceneType,
  type Vantage,
} from '../../../engine/storykeeper/index.ts';
import { oracles, scene } from './fixtures.ts';

/** Two gates (one open), four relations (one holds), an emotional target held at 0.2, half the maximum travel. */
const halfway = (type: SceneType): Scene =>
  scene('far', {
    type,
    setting: 'desert',
    gates: ['open_gate', 'shut_gate'],
    requiredCast: [
      { entity: 'sarah', relation: 'Knows(chris,sarah)' },
      { entity: 'prophet', relation: 'Knows(chris,prophet)' },
      { entity: 'old_woman', relation: 'Knows(chris,old_woman)' },
      { entity: 'isabella', relation: 'Trusts(chris,isabella)' },
      { entity: 'extra' },
    ],
    approachVectors: [{ id: 'v', conditions: [], emotionalTarget: 'Feels(chris,clarity)' }],
  });

const vantage: Vantage = {
  ...oracles({ 'Knows(chris,sarah)': 1, 'Feels(chris,clarity)': 0.2 }, ['open_gate'], { 'motel>desert': 30 }),
  location: 'motel',
};

describe('narrative distance', () => {
  it('measures each part in [0, 1]', () => {
    const distance = narrativeDistance(halfway('gravitational'), vantage);
    expect(distance.information).toBeCloseTo(0.5, 10);
    expect(distance.relational).toBeCloseTo(0.75, 10); // a cast member with no relation asks nothing
    expect(distance.emotional).toBeCloseTo(0.8, 10);
    expect(distance.physical).toBeCloseTo(0.5, 10);
  });

  it.each<[SceneType, number]>([
    ['gravitational', 0.2 * 0.5 + 0.4 * 0.8 + 0.3 * 0.75 + 0.1 * 0.5],
    ['gate', 0.5 * 0.5 + 0.1 * 0.8 + 0.2 * 0.75 + 0.2 * 0.5],
    ['threshold', 0.3 * 0.5 + 0.3 * 0.8 + 0.1 * 0.75 + 0.3 * 0.5],
    ['connective', 0.1 * 0.5 + 0.2 * 0.8 + 0.1 * 0.75 + 0.6 * 0.5],
  ])('weights the parts of a %s scene by its type (total %s)', (type, total) => {
    expect(narrativeDistance(halfway(type), vantage).total).toBeCloseTo(total, 10);
  });

  it('has weights that sum to 1 for every scene type', () => {
    for (const type of SCENE_TYPES) {
      const w = DEFAULT_STORYKEEPER_CONFIG.distance.byType[type];
      expect(w.information + w.emotional + w.relational + w.physical).toBeCloseTo(1, 10);
    }
  });

  it('is no distance at all for a scene with nothing to satisfy, here', () => {
    const here = { ...oracles(), location: 'here' };
    expect(narrativeDistance(scene('near'), here)).toMatchObject({
      information: 0,
      emotional: 0,
      relational: 0,
      physical: 0,
      total: 0,
    });
  });

  it('takes the emotional target closest to being felt', () => {
    const twoMoods = scene('s', {
      approachVectors: [
        { id: 'grief', conditions: [], emotionalTarget: 'Feels(chris,grief)' },
        { id: 'clarity', conditions: [], emotionalTarget: 'Feels(chris,clarity)' },
        { id: 'plain', conditions: [] },
      ],
    });
    const feels = { ...oracles({ 'Feels(chris,grief)': 0.3, 'Feels(chris,clarity)': 0.9 }), location: 'here' };
    expect(narrativeDistance(twoMoods, feels).emotional).toBeCloseTo(0.1, 10);
  });

  it('caps travel beyond the story’s maximum at 1, and counts no way there (or no position) as the full distance', () => {
    const far = scene('s', { setting: 'desert' });
    const at = (location: string | null, costs: Record<string, number>): number =>
      narrativeDistance(far, { ...oracles({}, [], costs), location }).physical;
    expect(at('motel', { 'motel>desert': 600 })).toBe(1);
    expect(at('motel', {})).toBe(1);
    expect(at(null, { 'motel>desert': 6 })).toBe(1);
    expect(at('motel', { 'motel>desert': 6 })).toBeCloseTo(0.1, 10);
  });
});
