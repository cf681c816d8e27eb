import type { BoundaryProgress } from '../stores/play-types.ts';

/**
 * The quiet indicator's words: the story taking note of a turn (its extractors) or the world moving on after a scene,
 * step by step, and a step being tried again.
 */
export function boundaryLabel(progress: BoundaryProgress): string {
  const doing = DOING[progress.work];
  const count = `${doing} ${progress.done} of ${progress.total}`;
  if (progress.status !== 'retrying') return count;
  return `${count} (trying the ${progress.step.replaceAll('_', ' ')} again)`;
}

const DOING = {
  after_turn: 'The story takes note…',
  scene_boundary: 'The world moves on…',
  reflections: 'The characters remember…',
} as const satisfies Record<BoundaryProgress['work'], string>;
