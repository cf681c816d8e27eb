import type { DropReason } from '../storykeeper/select-within-budget.ts';

/** The states a scene can be in, in the order a story moves a scene through them (LandscapeSceneView.state). */
export { SCENE_STATES } from '../storykeeper/scene.ts';

/** Why the Storykeeper left a candidate out of the retrieved tier (ContextCandidateView.dropped), in words. */
export const DROP_REASONS = {
  information_boundary: 'withheld by an information boundary',
  duplicate: 'a duplicate',
  below_minimum: 'below the minimum score',
  over_budget: 'over the token budget',
} as const satisfies Readonly<Record<DropReason, string>>;
