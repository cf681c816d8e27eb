import type { BoundaryProgress } from '../stores/play-types.ts';

/** The quiet indicator's words: the world moving on after a scene, step by step, and a step being tried again. */
export function boundaryLabel(progress: BoundaryProgress): string {
  const count = `The world moves on… ${progress.done} of ${progress.total}`;
  if (progress.status !== 'retrying') return count;
  return `${count} (trying the ${progress.step.replaceAll('_', ' ')} again)`;
}
