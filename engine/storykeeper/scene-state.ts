import type { Scene, SceneState } from './scene.ts';

/** What decides a scene's state, beyond the scene itself. */
export type StateInputs = {
  readonly currentScene: string | null;
  readonly completed: ReadonlySet<string>;
  /** The scenes the current scene's exits lead to. */
  readonly exits: ReadonlySet<string>;
  /** The scene's best approach satisfaction (approach.ts). */
  readonly approachSatisfaction: number;
  /** From this satisfaction on, a reachable scene is attracting (defaults.ts). */
  readonly attractingSatisfaction: number;
};

/**
 * A scene is active while played, completed (or revisitable) after; otherwise it is reachable when the current scene
 * opens onto it or play has made progress along one of its approaches, attracting once that progress is substantial,
 * and dormant until then.
 */
export function sceneState(scene: Scene, inputs: StateInputs): SceneState {
  if (scene.id === inputs.currentScene) return 'active';
  if (inputs.completed.has(scene.id)) return scene.revisitable === true ? 'revisitable' : 'completed';
  if (inputs.approachSatisfaction >= inputs.attractingSatisfaction && inputs.approachSatisfaction > 0) {
    return 'attracting';
  }
  if (inputs.exits.has(scene.id) || inputs.approachSatisfaction > 0) return 'reachable';
  return 'dormant';
}

/** Every scene the current scene's exits lead to. */
export function exitTargets(scenes: readonly Scene[], currentScene: string | null): ReadonlySet<string> {
  const current = scenes.find((scene) => scene.id === currentScene);
  return new Set(current?.exitConditions.flatMap((exit) => exit.leadsTo) ?? []);
}
