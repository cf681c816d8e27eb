import type { WeightedCondition } from './scene.ts';

/**
 * How far a proposition holds in the truth set: 1 for a factual atom, its confidence for an interpretive one (0 below
 * the story's min_confidence, ARCHITECTURE §8.5), 0 when absent. The caller builds it over engine/events' TruthSet.
 */
export type Holds = (proposition: string) => number;

/**
 * The weighted share of conditions that hold, in [0, 1]. Nothing asked (no conditions, or no positive weight) is
 * vacuously satisfied: an approach without conditions is always open.
 */
export function weightedMatch(conditions: readonly WeightedCondition[], holds: Holds): number {
  let total = 0;
  let met = 0;
  for (const condition of conditions) {
    const weight = Math.max(0, condition.weight);
    total += weight;
    met += weight * Math.min(1, Math.max(0, holds(condition.proposition)));
  }
  return total > 0 ? met / total : 1;
}
