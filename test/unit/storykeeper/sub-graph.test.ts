import { describe, expect, it } from 'vitest';
import {
  activeProphecies,
  collectiveMass,
  permeability,
  permeabilityInput,
  prophecyMagnitude,
  subGraphContribution,
  type Prophecy,
  type SubGraph,
} from '../../../engine/storykeeper/index.ts';
import { truth } from './fixtures.ts';

const fairyTale: SubGraph = {
  id: 'fairy_tale',
  scenes: ['mountain_crossing', 'fire_dream'],
  baseMass: 0.2,
  completionBonus: 0.3,
  thematicResonance: ['sacrifice', 'desert'],
  permeability: { min: 0.1, max: 1, steepness: 6, midpoint: 1 },
  drivers: [
    { proposition: 'Carries(chris,glass_flower)', weight: 0.5 },
    { proposition: 'Dreamt(chris,fire)', weight: 1 },
  ],
};

describe('sub-graph collective mass', () => {
  it('adds each visit’s intensity ÷ (1 + 0.3·i), so going back adds less each time', () => {
    const visits = [0.3, 0.3, 0.3].map((intensity, turn) => ({ turn, intensity }));
    const mass = collectiveMass(fairyTale, { visits, active: false, completed: false });
    expect(mass).toBeCloseTo(0.2 + 0.3 + 0.3 / 1.3 + 0.3 / 1.6, 10);
  });

  it('adds the completion bonus once completed', () => {
    expect(collectiveMass(fairyTale, { visits: [], active: false, completed: true })).toBeCloseTo(0.5, 10);
  });

  it('lets through collective mass × permeability: 0.08 at a firm boundary, 0.56 bleeding, all of it merged', () => {
    expect(subGraphContribution(0.8, 0.1)).toBeCloseTo(0.08, 10);
    expect(subGraphContribution(0.8, 0.7)).toBeCloseTo(0.56, 10);
    expect(subGraphContribution(0.8, 1)).toBeCloseTo(0.8, 10);
  });
});

describe('boundary permeability', () => {
  const curve = fairyTale.permeability;

  it('sits halfway between min and max at the midpoint', () => {
    expect(permeability(curve, 1)).toBeCloseTo(0.55, 10);
  });

  it('rises along a sigmoid from min towards max, never leaving [min, max]', () => {
    const values = [-10, 0, 0.5, 1, 1.5, 2, 10].map((input) => permeability(curve, input));
    expect([...values].sort((a, b) => a - b)).toEqual(values);
    expect(values[0]).toBeCloseTo(0.1, 6);
    expect(values.at(-1)).toBeCloseTo(1, 6);
    for (const value of values) expect(value).toBeGreaterThanOrEqual(0.1);
    for (const value of values) expect(value).toBeLessThanOrEqual(1);
  });

  it('switches more abruptly with a steeper curve', () => {
    expect(permeability({ ...curve, steepness: 20 }, 1.2)).toBeGreaterThan(permeability(curve, 1.2));
  });

  it('is driven by the weighted sum of the drivers the truth set holds', () => {
    expect(permeabilityInput(fairyTale, truth({ 'Dreamt(chris,fire)': 1 }))).toBeCloseTo(1, 10);
    expect(
      permeabilityInput(fairyTale, truth({ 'Carries(chris,glass_flower)': 1, 'Dreamt(chris,fire)': 0.6 })),
    ).toBeCloseTo(1.1, 10);
  });
});

describe('prophecies', () => {
  const fireDream: Prophecy = {
    id: 'fire_dream',
    source: 'fairy_tale:fire_dream',
    targetScene: 'cave',
    type: 'imagery',
    magnitude: 0.5,
    decay: 0.1,
    fulfilment: 'Entered(chris,cave)',
  };

  it('loses its decay share of what is left each turn', () => {
    expect(prophecyMagnitude(fireDream, 0)).toBeCloseTo(0.5, 10);
    expect(prophecyMagnitude(fireDream, 3)).toBeCloseTo(0.5 * 0.9 ** 3, 10);
    expect(prophecyMagnitude({ ...fireDream, decay: 0 }, 100)).toBeCloseTo(0.5, 10);
  });

  const inputs = { turn: 12, castAt: { fire_dream: 10 }, completed: new Set<string>(), holds: truth() };

  it('is active from the turn it is cast, at its decayed magnitude', () => {
    expect(activeProphecies([fireDream], inputs)).toEqual([
      { id: 'fire_dream', type: 'imagery', source: 'fairy_tale:fire_dream', targetScene: 'cave', magnitude: 0.405 },
    ]);
    expect(activeProphecies([fireDream], { ...inputs, castAt: {} })).toEqual([]);
  });

  it('is fulfilled by completing its target scene, or early by its fulfilment proposition', () => {
    expect(activeProphecies([fireDream], { ...inputs, completed: new Set(['cave']) })).toEqual([]);
    expect(activeProphecies([fireDream], { ...inputs, holds: truth({ 'Entered(chris,cave)': 1 }) })).toEqual([]);
  });

  it('is spent once it fades below the floor', () => {
    expect(activeProphecies([fireDream], { ...inputs, turn: 60 })).toEqual([]);
  });
});
