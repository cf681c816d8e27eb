/** The kinds of scene of the narrative graph: the type picks the weights of the four narrative distances. */
export const SCENE_TYPES = ['gravitational', 'gate', 'threshold', 'connective'] as const;
export type SceneType = (typeof SCENE_TYPES)[number];

/** Structural facts about a scene's place in the story (convergence point, threshold …), as packs name them. */
export const SCENE_FLAG_NAMES = [
  'convergencePoint',
  'thresholdScene',
  'requiredForStory',
  'emotionalHinge',
  'branchPoint',
] as const;
export type SceneFlagName = (typeof SCENE_FLAG_NAMES)[number];

/** The states a scene can be in, in the order a story moves a scene through them (LandscapeSceneView.state). */
export const SCENE_STATES = ['dormant', 'reachable', 'attracting', 'active', 'completed', 'revisitable'] as const;
export type SceneState = (typeof SCENE_STATES)[number];

/** Why the Storykeeper left a candidate out of the retrieved tier (ContextCandidateView.dropped), in words. */
export const DROP_REASONS = {
  information_boundary: 'withheld by an information boundary',
  duplicate: 'a duplicate',
  below_minimum: 'below the minimum score',
  over_budget: 'over the token budget',
} as const;
export type DropReason = keyof typeof DROP_REASONS;
