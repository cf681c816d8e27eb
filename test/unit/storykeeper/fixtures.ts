import type { Holds, NarrativeOracles, Scene, SceneFlags } from '../../../engine/storykeeper/index.ts';

export const NO_FLAGS: SceneFlags = {
  convergencePoint: false,
  thresholdScene: false,
  requiredForStory: false,
  emotionalHinge: false,
  branchPoint: false,
};

/** A plain connective scene at `here` with nothing structural about it; tests override what they pin. */
export function scene(id: string, overrides: Partial<Scene> = {}): Scene {
  return {
    id,
    title: id,
    type: 'connective',
    baseMass: 1,
    flags: NO_FLAGS,
    setting: 'here',
    requiredCast: [],
    contingentCast: [],
    thematicRegister: [],
    tonalSignature: 'quiet',
    stakes: 'little',
    approachVectors: [],
    exitConditions: [],
    gates: [],
    ...overrides,
  };
}

/** A truth set as a table: factual propositions at 1, interpretive ones at their confidence, the rest absent (0). */
export function truth(table: Readonly<Record<string, number>> = {}): Holds {
  return (proposition) => table[proposition] ?? 0;
}

/** Oracles over a truth table, a set of open gates, and symmetric travel costs keyed `from>to`. */
export function oracles(
  table: Readonly<Record<string, number>> = {},
  openGates: readonly string[] = [],
  costs: Readonly<Record<string, number>> = {},
): NarrativeOracles {
  return {
    holds: truth(table),
    isGateSatisfied: (gate) => openGates.includes(gate),
    travelCost: (from, to) => costs[`${from}>${to}`] ?? costs[`${to}>${from}`] ?? null,
  };
}
