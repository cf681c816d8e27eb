import type { BoundaryStatus, ContextCandidate, SceneTemperature } from './candidate.ts';
import { candidateGravity } from './candidate-gravity.ts';
import {
  boundaryFactor,
  compositeScore,
  recencyDecay,
  temperatureModifier,
  type ScoreFactors,
} from './composite-score.ts';
import { DEFAULT_STORYKEEPER_CONFIG, type StorykeeperConfig } from './defaults.ts';
import { gravitationalModifier, type GravitationalModifier } from './gravitational-modifier.ts';
import type { Landscape } from './precompute-landscape.ts';

/** A candidate with its composite score and every factor behind it (the debug panel shows them). */
export type ScoredCandidate = {
  readonly id: string;
  readonly tokens: number;
  readonly score: number;
  readonly mandatory: boolean;
  readonly boundary: BoundaryStatus;
  readonly factors: ScoreFactors;
  readonly gravity: GravitationalModifier;
  readonly candidate: ContextCandidate;
};

/** Scores one candidate against a precomputed landscape at the scene's current temperature. */
export function scoreCandidate(
  candidate: ContextCandidate,
  landscape: Landscape,
  temperature: SceneTemperature,
  config: StorykeeperConfig = DEFAULT_STORYKEEPER_CONFIG,
): ScoredCandidate {
  const gravity = gravitationalModifier(candidateGravity(candidate.links, landscape), config);
  const factors: ScoreFactors = {
    relevance: candidate.relevance,
    modifier: gravity.modifier,
    boundary: boundaryFactor(candidate.boundary, config),
    recency: recencyDecay(candidate.ageTurns, config.scoring.recencyHalfLife),
    temperature: temperatureModifier(temperature, candidate.valence, config),
  };
  return {
    id: candidate.id,
    tokens: candidate.tokens,
    score: compositeScore(factors, config),
    mandatory: candidate.mandatory === true,
    boundary: candidate.boundary,
    factors,
    gravity,
    candidate,
  };
}
