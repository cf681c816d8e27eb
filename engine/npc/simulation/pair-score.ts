import { compareIds } from '../order.ts';
import { routinesOverlap, type RoutineSlot } from './routine.ts';

/** What the cohort rules need to know of one arc_important character queued for simulation. */
export type CohortCandidate = {
  readonly id: string;
  /** The specific location (a location id), or null when unknown. */
  readonly location: string | null;
  /** The general area (district, zone), or null when unknown. */
  readonly area: string | null;
  /** Characters its current goals explicitly involve. */
  readonly goalTargets: readonly string[];
  /** Characters it has a strong relationship with, positive or negative. */
  readonly strongRelationships: readonly string[];
  readonly faction: string | null;
  /** Labels of the faction business it is actively engaged in. */
  readonly factionBusiness: readonly string[];
  readonly routine: readonly RoutineSlot[];
};

export type ScoreFactor =
  'same-location' | 'goals-involve' | 'strong-relationship' | 'same-area' | 'faction-business' | 'routine-overlap';

/** npc-simulation.md, "Scoring System". */
export const FACTOR_POINTS: { readonly [factor in ScoreFactor]: number } = {
  'same-location': 3,
  'goals-involve': 3,
  'strong-relationship': 2,
  'same-area': 1,
  'faction-business': 1,
  'routine-overlap': 1,
};

/** A pair, its ids in order, with every factor that scored. */
export type PairScore = {
  readonly a: string;
  readonly b: string;
  readonly score: number;
  readonly factors: readonly ScoreFactor[];
};

/**
 * Scores one pair. Each factor counts once however many ways it holds (both characters' goals involving the other is
 * still +3). "Same general area" counts only when they are not in the same specific location: being in one place
 * already says they share its area, and counting both would make every shared room a clear cohort (4) when the spec
 * wants such a pair confirmed by an IntentCheck (3).
 */
export function scorePair(first: CohortCandidate, second: CohortCandidate): PairScore {
  const [x, y] = compareIds(first.id, second.id) <= 0 ? [first, second] : [second, first];
  const factors: ScoreFactor[] = [];
  const sameLocation = x.location !== null && x.location === y.location;
  if (sameLocation) factors.push('same-location');
  if (x.goalTargets.includes(y.id) || y.goalTargets.includes(x.id)) factors.push('goals-involve');
  if (x.strongRelationships.includes(y.id) || y.strongRelationships.includes(x.id)) {
    factors.push('strong-relationship');
  }
  if (!sameLocation && x.area !== null && x.area === y.area) factors.push('same-area');
  if (x.faction !== null && x.faction === y.faction && x.factionBusiness.some((b) => y.factionBusiness.includes(b))) {
    factors.push('faction-business');
  }
  if (routinesOverlap(x.routine, y.routine)) factors.push('routine-overlap');
  const score = factors.reduce((sum, factor) => sum + FACTOR_POINTS[factor], 0);
  return { a: x.id, b: y.id, score, factors };
}

/** Every pair once, in id order. */
export function scoreAllPairs(candidates: readonly CohortCandidate[]): readonly PairScore[] {
  const sorted = [...candidates].sort((p, q) => compareIds(p.id, q.id));
  return sorted.flatMap((first, index) => sorted.slice(index + 1).map((second) => scorePair(first, second)));
}
