import {
  evaluate,
  propositionKey,
  type EvaluationContext,
  type LedgerRecord,
  type TruthSet,
} from '../../events/index.ts';
import { exitConditionKey, type PackGraph } from './from-pack.ts';

/** The persistent proposition of a completed scene goal: `GoalCompleted(<scene>,<exit>)` (engine/events translate.ts). */
export const goalCompletedKey = (scene: string, goal: string): string => propositionKey('GoalCompleted', scene, goal);

export function goalCompleted(truth: TruthSet, scene: string, goal: string): boolean {
  return truth.factual.has(goalCompletedKey(scene, goal));
}

/**
 * GoalCompleted (event-system.md): the current scene's goals are its exit conditions; one whose predicate newly
 * holds completes, once per save, whatever the predicate says later. The Storykeeper reads the completion as the
 * exit standing open (posterior node evaluation: the scene cools, the scenes it leads to are reached), Stage 4 stops
 * listening for it, and triggers may name `GoalCompleted(<scene>,<exit>)`.
 */
export function goalCompletions(graph: PackGraph, context: EvaluationContext, sceneId: string): LedgerRecord[] {
  const scene = graph.graph.scenes.find((candidate) => candidate.id === sceneId);
  if (scene === undefined) return [];
  return scene.exitConditions.flatMap((exit): LedgerRecord[] => {
    if (goalCompleted(context.truth, sceneId, exit.id)) return [];
    const predicate = graph.conditions.get(exitConditionKey(sceneId, exit.id));
    if (predicate === undefined || !evaluate(predicate, context).fired) return [];
    return [{ kind: 'event', event: { type: 'GoalCompleted', goal_id: exit.id, scene_id: sceneId } }];
  });
}
