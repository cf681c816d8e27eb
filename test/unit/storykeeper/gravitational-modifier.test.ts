import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STORYKEEPER_CONFIG,
  gravitationalModifier,
  NO_GRAVITY,
  storykeeperConfig,
} from '../../../engine/storykeeper/index.ts';

describe('gravitational modifier', () => {
  it('uses the spec’s tuning defaults: attractor 0.3, thematic 0.15, sub-graph 0.25, prophetic 0.2', () => {
    expect(DEFAULT_STORYKEEPER_CONFIG.weights).toEqual({
      attractor: 0.3,
      thematic: 0.15,
      subGraph: 0.25,
      prophetic: 0.2,
    });
  });

  it('amplifies cave-related candidates by 1 + 2.1 × 0.3 = 1.63 (effective mass, not pull)', () => {
    const result = gravitationalModifier({ ...NO_GRAVITY, attractorMass: 2.1 });
    expect(result.modifier).toBeCloseTo(1.63, 10);
    expect(result.scene).toBeCloseTo(0.63, 10);
  });

  it('amplifies fairy-tale-resonant candidates by 1 + 0.8 × 0.8 × 0.25 = 1.16', () => {
    expect(gravitationalModifier({ ...NO_GRAVITY, subGraph: 0.8 * 0.8 }).modifier).toBeCloseTo(1.16, 10);
  });

  it('amplifies prophetic-cascade candidates by 1 + 0.5 × 0.2 = 1.10', () => {
    expect(gravitationalModifier({ ...NO_GRAVITY, prophecies: [0.5] }).modifier).toBeCloseTo(1.1, 10);
  });

  it('takes the greater of the scene and sub-graph components, not their sum', () => {
    expect(gravitationalModifier({ ...NO_GRAVITY, attractorMass: 2.1, subGraph: 0.64 }).modifier).toBeCloseTo(1.63, 10);
    expect(gravitationalModifier({ ...NO_GRAVITY, attractorMass: 0.2, subGraph: 0.64 }).modifier).toBeCloseTo(1.16, 10);
  });

  it('adds every prophecy on top: cascades compound', () => {
    expect(gravitationalModifier({ ...NO_GRAVITY, prophecies: [0.5, 0.25] }).modifier).toBeCloseTo(1.15, 10);
    expect(gravitationalModifier({ ...NO_GRAVITY, attractorMass: 2.1, prophecies: [0.5] }).modifier).toBeCloseTo(
      1.73,
      10,
    );
  });

  it('uses the thematic weight for an attractor the candidate only shares a theme with', () => {
    expect(gravitationalModifier({ ...NO_GRAVITY, thematicMass: 2.1 }).modifier).toBeCloseTo(1.315, 10);
  });

  it('is exactly 1 without gravity, and never below 1', () => {
    expect(gravitationalModifier(NO_GRAVITY).modifier).toBe(1);
    expect(gravitationalModifier({ ...NO_GRAVITY, attractorMass: -3, prophecies: [-1] }).modifier).toBe(1);
  });

  it('follows a story’s own weights (a single dominant attractor funnels harder)', () => {
    const funnel = storykeeperConfig({ weights: { attractor: 0.5 } });
    expect(gravitationalModifier({ ...NO_GRAVITY, attractorMass: 2.1 }, funnel).modifier).toBeCloseTo(2.05, 10);
  });
});
