import { DEFAULT_STORYKEEPER_CONFIG } from './defaults.ts';
import type { SceneState } from './scene.ts';

/**
 * ARCHITECTURE §8.6: effective mass ÷ max(distance, floor)². The floor (0.05) keeps a scene the player has all but
 * reached from pulling infinitely: at most 400 × its mass.
 */
export function gravitationalPull(
  effectiveMass: number,
  distance: number,
  floor: number = DEFAULT_STORYKEEPER_CONFIG.distance.floor,
): number {
  const d = Math.max(distance, floor);
  return effectiveMass / (d * d);
}

/** The states that can attract: a scene not yet entered that the story can reach. */
export function isAttractor(state: SceneState): boolean {
  return state === 'reachable' || state === 'attracting';
}

type Ranked = { readonly id: string; readonly state: SceneState; readonly pull: number };

/** Orders attractors strongest first; equal pulls by id, so the same landscape always ranks the same way. */
export function byPull(a: Ranked, b: Ranked): number {
  if (a.pull !== b.pull) return b.pull - a.pull;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The reachable (or attracting) scene of greatest pull, or null when nothing can attract. */
export function strongestAttractor<T extends Ranked>(scenes: readonly T[]): T | null {
  let best: T | null = null;
  for (const scene of scenes) {
    if (!isAttractor(scene.state)) continue;
    if (best === null || byPull(scene, best) < 0) best = scene;
  }
  return best;
}
