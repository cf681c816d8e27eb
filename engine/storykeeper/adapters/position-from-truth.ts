import { propositionKey, type TruthSet } from '../../events/index.ts';
import type { NarrativeGraph, NarrativePosition } from '../narrative-graph.ts';
import type { SubGraphProgress } from '../sub-graph.ts';

/** Where the persona is and what is at hand: what the truth set alone cannot say. */
export type Whereabouts = {
  readonly turn: number;
  readonly location: string | null;
  readonly presentObjects: readonly string[];
};

/**
 * Play's place in the narrative graph, read from the truth set. Scene entries are `InScene(<scene id>)` (the
 * SceneEntered event's persistent proposition, one scene at a time): the scene that holds it now is current, every
 * other scene ever entered is completed, a sub-graph's visits are the entries into its scenes (each as intense as
 * the visited scene's authored mass: a weightier episode leaves more behind), and a prophecy is cast the turn its
 * source scene is first entered.
 */
export function positionFromTruth(graph: NarrativeGraph, truth: TruthSet, where: Whereabouts): NarrativePosition {
  const entries = new Map(graph.scenes.map((scene) => [scene.id, entryTurns(truth, scene.id, where.turn)]));
  const currentScene = graph.scenes.find((scene) => truth.factual.has(propositionKey('InScene', scene.id)))?.id ?? null;
  const entered = (id: string): boolean => (entries.get(id) ?? []).length > 0;
  const completed = graph.scenes.filter((scene) => scene.id !== currentScene && entered(scene.id)).map(({ id }) => id);
  const massOf = new Map(graph.scenes.map((scene) => [scene.id, scene.baseMass]));
  const subGraphProgress: Record<string, SubGraphProgress> = {};
  for (const subGraph of graph.subGraphs) {
    const visits = subGraph.scenes
      .flatMap((id) => (entries.get(id) ?? []).map((turn) => ({ turn, intensity: massOf.get(id) ?? 0 })))
      .sort((a, b) => a.turn - b.turn);
    subGraphProgress[subGraph.id] = {
      visits,
      active: currentScene !== null && subGraph.scenes.includes(currentScene),
      completed: subGraph.scenes.every((id) => completed.includes(id)),
    };
  }
  const prophecyCastAt: Record<string, number> = {};
  for (const prophecy of graph.prophecies) {
    const first = entries.get(prophecy.source)?.[0];
    if (first !== undefined) prophecyCastAt[prophecy.id] = first;
  }
  return {
    turn: where.turn,
    currentScene,
    location: where.location,
    completedScenes: completed,
    subGraphProgress,
    prophecyCastAt,
    presentObjects: where.presentObjects,
  };
}

/** The turns a scene was entered in, oldest first, up to `turn` (a later truth set must not leak into an earlier view). */
function entryTurns(truth: TruthSet, sceneId: string, turn: number): number[] {
  return (truth.history.get(propositionKey('InScene', sceneId)) ?? [])
    .filter((occurrence) => occurrence.turn <= turn)
    .map((occurrence) => occurrence.turn);
}
