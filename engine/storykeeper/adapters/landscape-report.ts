import type { EffectiveMass } from '../effective-mass.ts';
import type { LandscapeEvaluation } from './evaluate-landscape.ts';
import type { NarrativeDistance } from '../narrative-distance.ts';
import type { ActiveProphecy } from '../prophecy.ts';
import type { SceneState, SceneType } from '../scene.ts';
import type { GateState } from './truth-oracles.ts';

/** A scene of the landscape as `inspect landscape` and debug views show it: plain data, no authored prose. */
export type SceneReport = {
  readonly id: string;
  readonly title: string;
  readonly type: SceneType;
  readonly setting: string;
  readonly state: SceneState;
  readonly mass: EffectiveMass;
  readonly distance: NarrativeDistance;
  readonly pull: number;
  readonly gates: readonly { readonly id: string; readonly open: boolean }[];
  readonly exits: readonly { readonly id: string; readonly holds: boolean; readonly leadsTo: readonly string[] }[];
};

export type SubGraphReport = {
  readonly id: string;
  readonly collectiveMass: number;
  readonly permeabilityInput: number;
  readonly permeability: number;
  readonly contribution: number;
  readonly engaged: boolean;
  readonly visits: number;
  readonly bridges: readonly string[];
};

export type LandscapeReport = {
  readonly turn: number;
  readonly location: string | null;
  readonly currentScene: string | null;
  readonly completedScenes: readonly string[];
  readonly scenes: readonly SceneReport[];
  readonly strongestAttractor: { readonly id: string; readonly pull: number } | null;
  /** The nearby attractors, strongest first. */
  readonly attractors: readonly { readonly id: string; readonly pull: number }[];
  readonly gates: readonly GateState[];
  readonly subGraphs: readonly SubGraphReport[];
  readonly prophecies: readonly ActiveProphecy[];
  /** The bridge objects in the current scene. */
  readonly bridges: readonly { readonly id: string; readonly object: string }[];
};

/** The evaluation as plain JSON-ready data: every scene with its parts, the attractors, sub-graphs and prophecies. */
export function landscapeReport({ landscape, position, gates, exits }: LandscapeEvaluation): LandscapeReport {
  const open = new Map(gates.map((gate) => [gate.id, gate.open]));
  const ranked = (scene: { readonly id: string; readonly pull: number }) => ({ id: scene.id, pull: scene.pull });
  return {
    turn: landscape.turn,
    location: position.location,
    currentScene: position.currentScene,
    completedScenes: position.completedScenes,
    scenes: landscape.scenes.map(({ scene, state, mass, distance, pull }) => ({
      id: scene.id,
      title: scene.title,
      type: scene.type,
      setting: scene.setting,
      state,
      mass,
      distance,
      pull,
      gates: scene.gates.map((id) => ({ id, open: open.get(id) ?? false })),
      exits: exits
        .filter((exit) => exit.scene === scene.id)
        .map(({ exit, holds, leadsTo }) => ({ id: exit, holds, leadsTo })),
    })),
    strongestAttractor: landscape.strongestAttractor === null ? null : ranked(landscape.strongestAttractor),
    attractors: landscape.attractors.map(ranked),
    gates,
    subGraphs: landscape.subGraphs.map((subGraph) => ({
      id: subGraph.id,
      collectiveMass: subGraph.collectiveMass,
      permeabilityInput: subGraph.permeabilityInput,
      permeability: subGraph.permeability,
      contribution: subGraph.contribution,
      engaged: subGraph.engaged,
      visits: position.subGraphProgress[subGraph.id]?.visits.length ?? 0,
      bridges: subGraph.bridges,
    })),
    prophecies: landscape.prophecies.map(({ id, type, source, targetScene, magnitude }) => ({
      id,
      type,
      source,
      targetScene,
      magnitude,
    })),
    bridges: landscape.bridges.map(({ id, object }) => ({ id, object })),
  };
}
