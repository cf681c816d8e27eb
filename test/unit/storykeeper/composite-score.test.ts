import { describe, expect, it } from 'vitest';
import {
  boundaryFactor,
  compositeScore,
  recencyDecay,
  storykeeperConfig,
  temperatureModifier,
  type BoundaryStatus,
  type SceneTemperature,
} from '../../../engine/storykeeper/index.ts';
import { CHAPTER_16 } from './worked-example.ts';

describe('composite score', () => {
  it.each(CHAPTER_16.map((row) => [row.id, row] as const))('scores %s as in the worked example', (_id, row) => {
    const { relevance, modifier, recency, score } = row;
    expect(compositeScore({ relevance, modifier, boundary: 1, recency, temperature: 1 })).toBeCloseTo(score, 10);
  });

  it('scores a hard-boundary candidate 0, however enormous its gravity', () => {
    const factors = { relevance: 1, modifier: 400, recency: 1, temperature: 1.2 };
    expect(compositeScore({ ...factors, boundary: boundaryFactor('hard_boundary') })).toBe(0);
    expect(compositeScore({ ...factors, boundary: boundaryFactor('withheld') })).toBe(0);
  });

  it('keeps the temperature factor within [0.7, 1.2]', () => {
    const at = (temperature: number) =>
      compositeScore({ relevance: 1, modifier: 1, boundary: 1, recency: 1, temperature });
    expect(at(5)).toBeCloseTo(1.2, 10);
    expect(at(0)).toBeCloseTo(0.7, 10);
    expect(at(Number.NaN)).toBeCloseTo(0.7, 10);
    expect(at(1.1)).toBeCloseTo(1.1, 10);
  });

  it('clamps relevance and the filter factors to [0, 1], and the modifier to at least 1', () => {
    const base = { relevance: 0.5, modifier: 1, boundary: 1, recency: 1, temperature: 1 };
    expect(compositeScore({ ...base, recency: 1.5 })).toBeCloseTo(0.5, 10);
    expect(compositeScore({ ...base, boundary: 3 })).toBeCloseTo(0.5, 10);
    expect(compositeScore({ ...base, boundary: -1 })).toBe(0);
    expect(compositeScore({ ...base, relevance: 2 })).toBeCloseTo(1, 10);
    expect(compositeScore({ ...base, modifier: 0.2 })).toBeCloseTo(0.5, 10);
  });
});

describe('score factors', () => {
  it.each<[BoundaryStatus, number]>([
    ['hard_boundary', 0],
    ['withheld', 0],
    ['suspected', 0.5],
    ['known', 1],
  ])('a %s candidate has boundary factor %s', (status, factor) => {
    expect(boundaryFactor(status)).toBe(factor);
  });

  it('halves recency every 10 turns', () => {
    expect(recencyDecay(0)).toBe(1);
    expect(recencyDecay(10)).toBeCloseTo(0.5, 10);
    expect(recencyDecay(25)).toBeCloseTo(0.5 ** 2.5, 10);
    expect(recencyDecay(-4)).toBe(1);
  });

  it.each<[SceneTemperature, string | undefined, number]>([
    ['high', 'tension', 1.2],
    ['high', 'stakes', 1.2],
    ['high', 'calm', 0.7],
    ['high', 'exposition', 0.7],
    ['high', 'tenderness', 1],
    ['low', 'tenderness', 1.2],
    ['low', 'reflection', 1.2],
    ['low', 'urgency', 0.7],
    ['low', 'tension', 0.7],
    ['neutral', 'tension', 1],
    ['high', undefined, 1],
  ])('a %s-temperature scene weighs a %s candidate × %s', (temperature, valence, factor) => {
    expect(temperatureModifier(temperature, valence)).toBe(factor);
  });

  it('follows a story’s temperature range, which compositeScore then enforces', () => {
    const mild = storykeeperConfig({ scoring: { temperature: { min: 0.9, max: 1.1 } } });
    expect(temperatureModifier('high', 'tension', mild)).toBe(1.1);
    expect(compositeScore({ relevance: 1, modifier: 1, boundary: 1, recency: 1, temperature: 1.2 }, mild)).toBe(1.1);
  });
});
