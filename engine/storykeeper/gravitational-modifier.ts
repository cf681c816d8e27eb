import { DEFAULT_STORYKEEPER_CONFIG, type StorykeeperConfig } from './defaults.ts';

/** The gravity a candidate is exposed to, already matched against the landscape (candidate-gravity.ts). */
export type GravityComponents = {
  /** The greatest effective mass among nearby attractors the candidate relates to (cast, setting, scene). */
  readonly attractorMass: number | null;
  /** The greatest effective mass among nearby attractors it only shares a theme with. */
  readonly thematicMass: number | null;
  /** The greatest collective mass × permeability among engaged sub-graphs it resonates with. */
  readonly subGraph: number | null;
  /** The decayed magnitudes of the active prophecies whose target it relates to. */
  readonly prophecies: readonly number[];
};

/** The modifier and each component after its weight, for the debug panel. */
export type GravitationalModifier = {
  readonly scene: number;
  readonly subGraph: number;
  readonly prophetic: number;
  readonly modifier: number;
};

export const NO_GRAVITY: GravityComponents = {
  attractorMass: null,
  thematicMass: null,
  subGraph: null,
  prophecies: [],
};

/**
 * ARCHITECTURE §8.6: 1 + max(scene component, sub-graph component) + Σ prophetic components, where the scene component
 * is effective mass × attractor weight (× the thematic weight when only a theme is shared), the sub-graph component
 * collective mass × permeability × sub-graph weight, each prophecy magnitude × prophetic weight. The worked example:
 * 1 + 2.1 × 0.3 = 1.63, 1 + 0.8 × 0.8 × 0.25 = 1.16, 1 + 0.5 × 0.2 = 1.10. It amplifies and never diminishes: at least 1.
 */
export function gravitationalModifier(
  components: GravityComponents,
  config: StorykeeperConfig = DEFAULT_STORYKEEPER_CONFIG,
): GravitationalModifier {
  const { weights } = config;
  const scene = Math.max(
    (components.attractorMass ?? 0) * weights.attractor,
    (components.thematicMass ?? 0) * weights.thematic,
    0,
  );
  const subGraph = Math.max((components.subGraph ?? 0) * weights.subGraph, 0);
  const prophetic =
    components.prophecies.reduce((sum, magnitude) => sum + Math.max(0, magnitude), 0) * weights.prophetic;
  return { scene, subGraph, prophetic, modifier: Math.max(1, 1 + Math.max(scene, subGraph) + prophetic) };
}
