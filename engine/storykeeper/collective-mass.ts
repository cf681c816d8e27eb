import { DEFAULT_STORYKEEPER_CONFIG } from './defaults.ts';
import type { SubGraph, SubGraphProgress } from './sub-graph.ts';

/**
 * A sub-graph's mass over the whole landscape: its base, each visit's intensity ÷ (1 + 0.3·i) for the i-th visit
 * (oldest first, so going back adds less each time), and its completion bonus once completed.
 */
export function collectiveMass(
  subGraph: SubGraph,
  progress: SubGraphProgress,
  diminishing: number = DEFAULT_STORYKEEPER_CONFIG.visitDiminishing,
): number {
  let mass = subGraph.baseMass;
  progress.visits.forEach((visit, i) => {
    mass += visit.intensity / (1 + diminishing * i);
  });
  return progress.completed ? mass + subGraph.completionBonus : mass;
}

/**
 * What a sub-graph adds to the gravity of candidates that resonate with it, before the sub-graph weight: at collective
 * mass 0.8 a firm boundary (permeability 0.1) lets 0.08 through, a bleeding one (0.7) 0.56.
 */
export function subGraphContribution(collective: number, permeability: number): number {
  return collective * permeability;
}
