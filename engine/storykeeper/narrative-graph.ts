import type { Scene } from './scene.ts';
import type { BridgeObject, Prophecy, SubGraph, SubGraphProgress } from './sub-graph.ts';
import type { Holds } from './truth.ts';

/** The authored narrative graph of a story: what never changes during play. */
export type NarrativeGraph = {
  readonly scenes: readonly Scene[];
  readonly subGraphs: readonly SubGraph[];
  readonly prophecies: readonly Prophecy[];
  readonly bridgeObjects: readonly BridgeObject[];
};

/** Where play stands in the graph. */
export type NarrativePosition = {
  readonly turn: number;
  readonly currentScene: string | null;
  /** The persona's location, or null when it has none. */
  readonly location: string | null;
  readonly completedScenes: readonly string[];
  /** Progress per sub-graph id; a sub-graph never entered may be absent. */
  readonly subGraphProgress: Readonly<Record<string, SubGraphProgress>>;
  /** Prophecy id → the turn its source event cast it. */
  readonly prophecyCastAt: Readonly<Record<string, number>>;
  /** The world objects in the current scene: the bridge objects among them carry cross-layer weight. */
  readonly presentObjects: readonly string[];
};

/** What only the caller can answer: the truth set, the gates' predicates, and travel through the world. */
export type NarrativeOracles = {
  readonly holds: Holds;
  readonly isGateSatisfied: (gateId: string) => boolean;
  readonly travelCost: (from: string, to: string) => number | null;
};
