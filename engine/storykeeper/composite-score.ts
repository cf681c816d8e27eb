import type { BoundaryStatus, SceneTemperature } from './candidate.ts';
import { DEFAULT_STORYKEEPER_CONFIG, type StorykeeperConfig } from './defaults.ts';
import { clamp, clamp01 } from './numbers.ts';

/** The five factors of the composite score. */
export type ScoreFactors = {
  readonly relevance: number;
  readonly modifier: number;
  readonly boundary: number;
  readonly recency: number;
  readonly temperature: number;
};

/**
 * relevance × gravitational modifier × information boundary × recency × temperature. Relevance and the filter factors
 * (boundary, recency) are clamped to [0, 1], the temperature to its range (0.7–1.2), and the modifier to at least 1:
 * gravity amplifies relevance but never creates it, and nothing amplifies past a boundary of 0.
 */
export function compositeScore(factors: ScoreFactors, config: StorykeeperConfig = DEFAULT_STORYKEEPER_CONFIG): number {
  const { min, max } = config.scoring.temperature;
  return (
    clamp01(factors.relevance) *
    Math.max(1, factors.modifier) *
    clamp01(factors.boundary) *
    clamp01(factors.recency) *
    clamp(factors.temperature, min, max)
  );
}

/** Hard boundaries and withheld information are absolute (0); suspected information can only be hinted at. */
export function boundaryFactor(status: BoundaryStatus, config: StorykeeperConfig = DEFAULT_STORYKEEPER_CONFIG): number {
  switch (status) {
    case 'hard_boundary':
    case 'withheld':
      return 0;
    case 'suspected':
      return clamp01(config.scoring.suspected);
    case 'known':
      return 1;
  }
}

/** ARCHITECTURE §8.7: 0.5^(age / 10); data from the future (a negative age) counts as fresh. */
export function recencyDecay(ageTurns: number, halfLife = DEFAULT_STORYKEEPER_CONFIG.scoring.recencyHalfLife): number {
  if (halfLife <= 0) return ageTurns <= 0 ? 1 : 0;
  return clamp01(0.5 ** (Math.max(0, ageTurns) / halfLife));
}

/**
 * A hot scene favours tension and stakes and mutes calm exposition; a cool one favours reflection and tenderness and
 * mutes urgency: the pull persists, but the retrieval respects the scene's dramatic needs (no tonal whiplash).
 */
export function temperatureModifier(
  temperature: SceneTemperature,
  valence: string | undefined,
  config: StorykeeperConfig = DEFAULT_STORYKEEPER_CONFIG,
): number {
  if (temperature === 'neutral' || valence === undefined) return 1;
  const { min, max } = config.scoring.temperature;
  const { favoured, disfavoured } = config.scoring.valences[temperature];
  if (favoured.includes(valence)) return max;
  if (disfavoured.includes(valence)) return min;
  return clamp(1, min, max);
}
