import type { Predicate } from '../../events/index.ts';
import type { GateRecipients } from '../information-gate.ts';
import type { SceneType, WeightedCondition } from '../scene.ts';
import type { PermeabilityCurve } from '../sub-graph.ts';

/**
 * The shape of a story pack's `narrative.yaml` as loaded, stated here structurally (like engine/world's from-pack) so
 * this room needs nothing from engine/pack: the pack's loaded `narrative` fits these types as it is. Its conditions
 * are engine/events predicates, so they evaluate against the real truth set.
 */
export type NarrativeSpec = {
  readonly scenes: readonly SceneSpec[];
  readonly gates: readonly GateSpec[];
  readonly subGraphs: readonly SubGraphSpec[];
  readonly prophecies: readonly ProphecySpec[];
  readonly bridgeObjects: readonly BridgeObjectSpec[];
};

export type SceneSpec = {
  readonly id: string;
  readonly title: string;
  readonly type: SceneType;
  readonly baseMass: number;
  readonly flags: readonly string[];
  readonly setting: string;
  readonly requiredCast: readonly { readonly character: string; readonly relation?: string | undefined }[];
  readonly contingentCast: readonly string[];
  readonly thematicRegister: readonly string[];
  readonly tonalSignature: string;
  readonly stakes: string;
  readonly approachVectors: readonly {
    readonly id: string;
    readonly conditions: readonly WeightedCondition[];
    readonly emotionalTarget?: string | undefined;
  }[];
  readonly exitConditions: readonly {
    readonly id: string;
    readonly when: Predicate;
    readonly leadsTo: readonly string[];
  }[];
  readonly gates: readonly string[];
  readonly revisitable: boolean;
};

export type GateSpec = {
  readonly id: string;
  readonly facts: readonly string[];
  readonly predicate: Predicate;
  readonly recipients: GateRecipients;
  readonly recipientIds: readonly string[];
  readonly framing: string;
};

export type SubGraphSpec = {
  readonly id: string;
  readonly scenes: readonly string[];
  readonly baseMass: number;
  readonly completionBonus: number;
  readonly thematicResonance: readonly string[];
  readonly permeability: PermeabilityCurve;
  readonly drivers: readonly WeightedCondition[];
};

export type ProphecySpec = {
  readonly id: string;
  readonly source: string;
  readonly targetScene: string;
  readonly type: string;
  readonly magnitude: number;
  readonly decay: number;
  readonly fulfilment?: Predicate | undefined;
};

export type BridgeObjectSpec = {
  readonly id: string;
  readonly object: string;
  readonly subGraphs: readonly string[];
  readonly themes: readonly string[];
};
