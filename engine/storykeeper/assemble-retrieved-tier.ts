import type { ContextCandidate, SceneTemperature } from './candidate.ts';
import { DEFAULT_STORYKEEPER_CONFIG, type StorykeeperConfig } from './defaults.ts';
import type { Landscape } from './precompute-landscape.ts';
import { scoreCandidate, type ScoredCandidate } from './score-candidate.ts';
import { selectWithinBudget, type Selection } from './select-within-budget.ts';

export type RetrievalOptions = {
  readonly temperature: SceneTemperature;
  /** Tokens for the retrieved tier this turn; the story's default budget otherwise. */
  readonly budget?: number | undefined;
};

/**
 * The per-turn half of Tier 3 assembly (gravitational-context-assembly.md, The Retrieval Pipeline): score the
 * candidate pool against the landscape precomputed at scene entry, then trim it to the token budget.
 */
export function assembleRetrievedTier(
  candidates: readonly ContextCandidate[],
  landscape: Landscape,
  options: RetrievalOptions,
  config: StorykeeperConfig = DEFAULT_STORYKEEPER_CONFIG,
): Selection<ScoredCandidate> {
  const scored = candidates.map((candidate) => scoreCandidate(candidate, landscape, options.temperature, config));
  return selectWithinBudget(scored, options.budget ?? config.retrievedTierBudget, config.scoring.minimumCandidateScore);
}
