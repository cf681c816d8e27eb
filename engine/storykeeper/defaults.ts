/**
 * Every tunable of the Storykeeper's maths in one place, with the defaults of gravitational-context-assembly.md and
 * ARCHITECTURE §8.6–8.9. A story overrides any of them through `storykeeperConfig` (story.yaml's tuning section).
 */
import type { SceneType } from './scene.ts';

export type DistanceWeights = {
  readonly information: number;
  readonly emotional: number;
  readonly relational: number;
  readonly physical: number;
};

export type StorykeeperConfig = {
  /** How strongly each kind of gravity amplifies a retrieval candidate. */
  readonly weights: {
    readonly attractor: number;
    readonly thematic: number;
    readonly subGraph: number;
    readonly prophetic: number;
  };
  readonly mass: {
    readonly perGate: number;
    readonly convergencePoint: number;
    readonly thresholdScene: number;
    readonly requiredForStory: number;
    readonly emotionalHinge: number;
    readonly branchPoint: number;
    /** Effective mass gains approach satisfaction × this. */
    readonly approach: number;
  };
  readonly distance: {
    readonly byType: { readonly [type in SceneType]: DistanceWeights };
    /** Pull divides by max(distance, floor)²: a scene the player stands at cannot pull infinitely. */
    readonly floor: number;
    /** The travel cost (world connection cost, in minutes) that counts as the whole physical distance. */
    readonly maxTravelCost: number;
  };
  /** A reachable scene whose best approach is satisfied at least this much is `attracting`. */
  readonly attractingSatisfaction: number;
  /** Pull ranks the reachable scenes; this many of the strongest amplify candidates that relate to them. */
  readonly nearbyAttractors: number;
  /** Each later visit to a sub-graph counts intensity ÷ (1 + this × i): repeated visits add less. */
  readonly visitDiminishing: number;
  /** A prophecy whose decayed magnitude falls below this is spent. */
  readonly prophecyFloor: number;
  readonly scoring: {
    /** The boundary factor of information the principal only suspects: it can be hinted at, not stated. */
    readonly suspected: number;
    readonly recencyHalfLife: number;
    readonly temperature: { readonly min: number; readonly max: number };
    /** Emotional valences a hot scene (approaching climax) favours and disfavours, and a cool one (aftermath). */
    readonly valences: {
      readonly high: { readonly favoured: readonly string[]; readonly disfavoured: readonly string[] };
      readonly low: { readonly favoured: readonly string[]; readonly disfavoured: readonly string[] };
    };
    readonly minimumCandidateScore: number;
  };
  /** The retrieved tier's token budget (the spec gives 400–800 tokens). */
  readonly retrievedTierBudget: number;
};

export const DEFAULT_STORYKEEPER_CONFIG: StorykeeperConfig = {
  weights: { attractor: 0.3, thematic: 0.15, subGraph: 0.25, prophetic: 0.2 },
  mass: {
    perGate: 0.05,
    convergencePoint: 0.1,
    thresholdScene: 0.1,
    requiredForStory: 0.1,
    emotionalHinge: 0.1,
    branchPoint: 0.05,
    approach: 0.2,
  },
  distance: {
    byType: {
      gravitational: { information: 0.2, emotional: 0.4, relational: 0.3, physical: 0.1 },
      gate: { information: 0.5, emotional: 0.1, relational: 0.2, physical: 0.2 },
      threshold: { information: 0.3, emotional: 0.3, relational: 0.1, physical: 0.3 },
      connective: { information: 0.1, emotional: 0.2, relational: 0.1, physical: 0.6 },
    },
    floor: 0.05,
    maxTravelCost: 60,
  },
  attractingSatisfaction: 0.5,
  nearbyAttractors: 3,
  visitDiminishing: 0.3,
  prophecyFloor: 0.01,
  scoring: {
    suspected: 0.5,
    recencyHalfLife: 10,
    temperature: { min: 0.7, max: 1.2 },
    valences: {
      high: { favoured: ['tension', 'stakes', 'conflict'], disfavoured: ['calm', 'routine', 'exposition'] },
      low: { favoured: ['reflection', 'connection', 'tenderness'], disfavoured: ['tension', 'urgency'] },
    },
    minimumCandidateScore: 0.1,
  },
  retrievedTierBudget: 600,
};
