import { describe, expect, it } from 'vitest';
import { approachSatisfaction, effectiveMass, type SceneFlags } from '../../../engine/storykeeper/index.ts';
import { NO_FLAGS, scene, truth } from './fixtures.ts';

describe('effective mass: structural modifiers', () => {
  it('is the authored base alone for a scene with no structure and no approach', () => {
    const mass = effectiveMass(scene('plain', { baseMass: 1.3 }), truth());
    expect(mass).toMatchObject({ base: 1.3, structural: 0, approach: 0, total: 1.3, structuralParts: [] });
  });

  it.each<[keyof SceneFlags, number]>([
    ['convergencePoint', 0.1],
    ['thresholdScene', 0.1],
    ['requiredForStory', 0.1],
    ['emotionalHinge', 0.1],
    ['branchPoint', 0.05],
  ])('a %s adds %s', (flag, amount) => {
    const mass = effectiveMass(scene('s', { flags: { ...NO_FLAGS, [flag]: true } }), truth());
    expect(mass.structural).toBeCloseTo(amount, 10);
    expect(mass.structuralParts).toEqual([{ reason: flag, amount }]);
  });

  it('adds 0.05 per information gate', () => {
    const mass = effectiveMass(scene('s', { gates: ['g1', 'g2', 'g3'] }), truth());
    expect(mass.structural).toBeCloseTo(0.15, 10);
    expect(mass.structuralParts.map((part) => part.reason)).toEqual(['gates']);
  });

  it('sums every structural modifier', () => {
    const all: SceneFlags = {
      convergencePoint: true,
      thresholdScene: true,
      requiredForStory: true,
      emotionalHinge: true,
      branchPoint: true,
    };
    expect(effectiveMass(scene('s', { flags: all, gates: ['g1', 'g2'] }), truth()).structural).toBeCloseTo(0.55, 10);
  });
});

describe('effective mass: approach satisfaction', () => {
  const twoWays = scene('s', {
    approachVectors: [
      {
        id: 'by_road',
        conditions: [
          { proposition: 'Has(car)', weight: 2 },
          { proposition: 'Knows(route)', weight: 1 },
        ],
      },
      { id: 'by_dream', conditions: [{ proposition: 'Dreamt(cave)', weight: 1 }] },
    ],
  });

  it('takes the best approach vector’s weighted match, × 0.2', () => {
    const mass = effectiveMass(twoWays, truth({ 'Has(car)': 1 }));
    expect(mass.approachSatisfaction).toBeCloseTo(2 / 3, 10);
    expect(mass.bestApproach).toBe('by_road');
    expect(mass.approach).toBeCloseTo((2 / 3) * 0.2, 10);
    expect(mass.total).toBeCloseTo(1 + (2 / 3) * 0.2, 10);
  });

  it('counts an interpretive proposition at its confidence', () => {
    expect(approachSatisfaction(twoWays, truth({ 'Dreamt(cave)': 0.8 }))).toEqual({
      satisfaction: 0.8,
      vector: 'by_dream',
    });
  });

  it('is 0 for a scene without approach vectors, and vacuously 1 for an approach that asks nothing', () => {
    expect(approachSatisfaction(scene('s'), truth())).toEqual({ satisfaction: 0, vector: null });
    const open = scene('s', { approachVectors: [{ id: 'always', conditions: [] }] });
    expect(approachSatisfaction(open, truth())).toEqual({ satisfaction: 1, vector: 'always' });
  });

  it('reaches the worked example’s cave mass of 2.1', () => {
    const cave = scene('cave', {
      type: 'gravitational',
      baseMass: 1.5,
      flags: {
        ...NO_FLAGS,
        convergencePoint: true,
        thresholdScene: true,
        requiredForStory: true,
        emotionalHinge: true,
      },
      gates: ['old_woman_voice', 'knife'],
      approachVectors: [
        {
          id: 'south',
          conditions: [
            { proposition: 'Carries(chris,photographs)', weight: 1 },
            { proposition: 'Knows(chris,prophet)', weight: 1 },
          ],
        },
      ],
    });
    expect(effectiveMass(cave, truth({ 'Carries(chris,photographs)': 1 })).total).toBeCloseTo(2.1, 10);
  });
});
