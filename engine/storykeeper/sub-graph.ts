/**
 * Tales within tales: sub-graphs (a fairy tale inside the main story), the prophecies they cast forward onto
 * parent-graph scenes, and the bridge objects that carry symbolic weight across their boundaries.
 */
import type { WeightedCondition } from './scene.ts';

/** Permeability rises along a sigmoid from `min` (firm boundary) to `max` (merged) as its drivers accumulate. */
export type PermeabilityCurve = {
  readonly min: number;
  readonly max: number;
  readonly steepness: number;
  readonly midpoint: number;
};

export type SubGraph = {
  readonly id: string;
  readonly scenes: readonly string[];
  readonly baseMass: number;
  /** Mass added once the sub-graph is completed. */
  readonly completionBonus: number;
  /** The themes that bleed into the parent story through the boundary. */
  readonly thematicResonance: readonly string[];
  readonly permeability: PermeabilityCurve;
  /** Truth-set propositions that push the boundary open; their weighted sum is the curve's input. */
  readonly drivers: readonly WeightedCondition[];
};

/** What play has done with a sub-graph so far: its visits (oldest first) and whether it is active or completed. */
export type SubGraphProgress = {
  readonly visits: readonly { readonly turn: number; readonly intensity: number }[];
  readonly active: boolean;
  readonly completed: boolean;
};

export type Prophecy = {
  readonly id: string;
  /** The sub-graph event that cast it. */
  readonly source: string;
  readonly targetScene: string;
  /** The authored kind (e.g. `imagery`, `omen`), carried to the narrator context as is. */
  readonly type: string;
  readonly magnitude: number;
  /** The fraction of its magnitude a prophecy loses per turn since it was cast, in [0, 1]. */
  readonly decay: number;
  /** A proposition that fulfils it early; completing the target scene always does. */
  readonly fulfilment?: string | undefined;
};

/** An object that exists in several layers at once (Isabella's glass flower, the fairy tale's bell-blossom). */
export type BridgeObject = {
  readonly id: string;
  /** The world object that carries it into a scene. */
  readonly object: string;
  readonly subGraphs: readonly string[];
  readonly themes: readonly string[];
};
