import { compareIds } from '../order.ts';
import type { PairScore } from './pair-score.ts';

/** "Pairs scoring 3+ should be in same cohort." */
export const COHORT_THRESHOLD = 3;

export type UncertainPair = { readonly pair: PairScore; readonly why: string };

export type IntentCheckRequest = {
  /** Characters to run an IntentCheck for, by id. */
  readonly characters: readonly string[];
  readonly pairs: readonly UncertainPair[];
};

/**
 * The pairs a score alone cannot settle (npc-simulation.md, "When to use IntentCheck"): a borderline score of exactly
 * the threshold, and the links of a chain — A–B and B–C at the threshold or above while A–C is not — because B's
 * goals may only happen to involve C's location. A link inside a triangle is no chain link: all three pairs score
 * high on their own, so the group stands without asking. The spec's "A" and "C" are interchangeable, so both links of
 * a chain are checked rather than one singled out by naming. Any other link at 4+ is clear.
 */
export function uncertainPairs(scores: readonly PairScore[]): readonly UncertainPair[] {
  const links = scores.filter((pair) => pair.score >= COHORT_THRESHOLD);
  const neighbours = new Map<string, Set<string>>();
  for (const pair of links) {
    neighbours.set(pair.a, (neighbours.get(pair.a) ?? new Set<string>()).add(pair.b));
    neighbours.set(pair.b, (neighbours.get(pair.b) ?? new Set<string>()).add(pair.a));
  }
  const around = (id: string): ReadonlySet<string> => neighbours.get(id) ?? new Set<string>();
  const uncertain: UncertainPair[] = [];
  for (const pair of links) {
    if (pair.score === COHORT_THRESHOLD) {
      uncertain.push({ pair, why: `borderline score ${pair.score}` });
      continue;
    }
    const inTriangle = [...around(pair.a)].some((other) => around(pair.b).has(other));
    const middle = [pair.a, pair.b].find((id) => around(id).size > 1);
    if (!inTriangle && middle !== undefined) uncertain.push({ pair, why: `chain through ${middle}` });
  }
  return uncertain;
}

/** Who must answer an IntentCheck before cohorts can form: both sides of every uncertain pair. */
export function intentChecksNeeded(scores: readonly PairScore[]): IntentCheckRequest {
  const pairs = uncertainPairs(scores);
  const characters = [...new Set(pairs.flatMap(({ pair }) => [pair.a, pair.b]))].sort(compareIds);
  return { characters, pairs };
}

/** One key per unordered pair. */
export function key(a: string, b: string): string {
  return compareIds(a, b) <= 0 ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}
