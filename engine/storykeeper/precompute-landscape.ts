import { collectiveMass, subGraphContribution } from './collective-mass.ts';
import { DEFAULT_STORYKEEPER_CONFIG, type StorykeeperConfig } from './defaults.ts';
import { effectiveMass, type EffectiveMass } from './effective-mass.ts';
import { narrativeDistance, type NarrativeDistance } from './narrative-distance.ts';
import type { NarrativeGraph, NarrativeOracles, NarrativePosition } from './narrative-graph.ts';
import { permeability, permeabilityInput } from './permeability.ts';
import { activeProphecies, type ActiveProphecy } from './prophecy.ts';
import { byPull, gravitationalPull, isAttractor, strongestAttractor } from './pull.ts';
import type { Scene, SceneState } from './scene.ts';
import { exitTargets, sceneState } from './scene-state.ts';
import type { BridgeObject, SubGraph, SubGraphProgress } from './sub-graph.ts';

export type LandscapeScene = {
  readonly id: string;
  readonly scene: Scene;
  readonly state: SceneState;
  readonly mass: EffectiveMass;
  readonly distance: NarrativeDistance;
  readonly pull: number;
};

export type LandscapeSubGraph = {
  readonly id: string;
  readonly subGraph: SubGraph;
  readonly collectiveMass: number;
  readonly permeabilityInput: number;
  readonly permeability: number;
  /** collective mass × permeability: what crosses the boundary, before the sub-graph weight. */
  readonly contribution: number;
  /** Active or visited: only these bend retrieval. */
  readonly engaged: boolean;
  /** The bridge objects that span it. */
  readonly bridges: readonly string[];
};

export type LandscapeProphecy = ActiveProphecy & { readonly target: Scene | null };

/** The gravitational landscape at one moment: cached at scene entry, refreshed when a gate opens. */
export type Landscape = {
  readonly turn: number;
  readonly scenes: readonly LandscapeScene[];
  readonly strongestAttractor: LandscapeScene | null;
  /** The nearby attractors, strongest first: the ones whose mass amplifies candidates. */
  readonly attractors: readonly LandscapeScene[];
  readonly subGraphs: readonly LandscapeSubGraph[];
  readonly prophecies: readonly LandscapeProphecy[];
  /** The bridge objects present in the current scene. */
  readonly bridges: readonly BridgeObject[];
};

const UNTOUCHED: SubGraphProgress = { visits: [], active: false, completed: false };

/** Every scene's state, mass, distance and pull; the sub-graphs' mass and permeability; the active prophecies. */
export function precomputeLandscape(
  graph: NarrativeGraph,
  position: NarrativePosition,
  oracles: NarrativeOracles,
  config: StorykeeperConfig = DEFAULT_STORYKEEPER_CONFIG,
): Landscape {
  const completed = new Set(position.completedScenes);
  const exits = exitTargets(graph.scenes, position.currentScene);
  const vantage = { ...oracles, location: position.location };
  const scenes = graph.scenes.map((scene): LandscapeScene => {
    const mass = effectiveMass(scene, oracles.holds, config);
    const distance = narrativeDistance(scene, vantage, config);
    const state = sceneState(scene, {
      currentScene: position.currentScene,
      completed,
      exits,
      approachSatisfaction: mass.approachSatisfaction,
      attractingSatisfaction: config.attractingSatisfaction,
    });
    const pull = gravitationalPull(mass.total, distance.total, config.distance.floor);
    return { id: scene.id, scene, state, mass, distance, pull };
  });
  const attractors = scenes
    .filter((scene) => isAttractor(scene.state))
    .sort(byPull)
    .slice(0, Math.max(0, config.nearbyAttractors));
  const sceneById = new Map(graph.scenes.map((scene) => [scene.id, scene]));
  const prophecies = activeProphecies(graph.prophecies, {
    turn: position.turn,
    castAt: position.prophecyCastAt,
    completed,
    holds: oracles.holds,
    floor: config.prophecyFloor,
  }).map((prophecy) => ({ ...prophecy, target: sceneById.get(prophecy.targetScene) ?? null }));
  const present = new Set(position.presentObjects);
  return {
    turn: position.turn,
    scenes,
    strongestAttractor: strongestAttractor(scenes),
    attractors,
    subGraphs: graph.subGraphs.map((subGraph): LandscapeSubGraph => {
      const progress = position.subGraphProgress[subGraph.id] ?? UNTOUCHED;
      const collective = collectiveMass(subGraph, progress, config.visitDiminishing);
      const input = permeabilityInput(subGraph, oracles.holds);
      const open = permeability(subGraph.permeability, input);
      return {
        id: subGraph.id,
        subGraph,
        collectiveMass: collective,
        permeabilityInput: input,
        permeability: open,
        contribution: subGraphContribution(collective, open),
        engaged: progress.active || progress.visits.length > 0,
        bridges: graph.bridgeObjects.filter((bridge) => bridge.subGraphs.includes(subGraph.id)).map(({ id }) => id),
      };
    }),
    prophecies,
    bridges: graph.bridgeObjects.filter((bridge) => present.has(bridge.object)),
  };
}
