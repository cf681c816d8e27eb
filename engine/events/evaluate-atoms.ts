// Atoms, the trace node and the temporal-index helpers that `evaluate` composes.
import type { Predicate } from './predicate.ts';
import type { Occurrence } from './proposition.ts';
import type { TruthSet } from './truth-set.ts';

export const DEFAULT_MIN_CONFIDENCE = 0.5;
/** Sums of confidences are floats: 1 + 0.72 + 0.45 must not miss 2.17 by a rounding error. */
export const EPSILON = 1e-9;

export interface EvaluationContext {
  readonly truth: TruthSet;
  /** The current turn: momentary propositions hold during it; Within counts back from it. */
  readonly turn: number;
  /** Per story (ARCHITECTURE §8.5); interpretive atoms below it count 0 everywhere. */
  readonly minConfidence: number;
}

/** Why a predicate fired or did not, node by node, for the debug panel. */
export interface EvaluationTrace {
  readonly label: string;
  readonly fired: boolean;
  readonly score: number;
  readonly reason: string;
  readonly children: readonly EvaluationTrace[];
  /** A provisional (Stage 3) judgment took part: a firing on it "may be revised" when Stage 4 lands. */
  readonly provisional: boolean;
}

export const node = (
  label: string,
  fired: boolean,
  score: number,
  reason: string,
  children: readonly EvaluationTrace[] = [],
  provisional = children.some((child) => child.provisional && child.fired),
): EvaluationTrace => ({
  label,
  fired,
  score,
  reason,
  children,
  provisional,
});

export function atom(key: string, context: EvaluationContext): EvaluationTrace {
  const { truth } = context;
  if (truth.factual.has(key)) return node(key, true, 1, 'factual');
  if (truth.momentary.get(key) === context.turn) return node(key, true, 1, 'happened this turn');
  const weighted = truth.interpretive.get(key);
  if (weighted === undefined) return node(key, false, 0, 'not in the truth set');
  if (weighted.confidence < context.minConfidence) {
    return node(
      key,
      false,
      0,
      `${weighted.source} confidence ${fmt(weighted.confidence)} below min_confidence ${context.minConfidence}`,
    );
  }
  const reason = `${weighted.source} confidence ${fmt(weighted.confidence)}`;
  return node(key, true, weighted.confidence, reason, [], weighted.source === 'provisional');
}

export function accumulatorAtom(
  predicate: Extract<Predicate, { accumulator: string }>,
  context: EvaluationContext,
): EvaluationTrace {
  const value = context.truth.accumulators.get(predicate.accumulator) ?? 0;
  const fired = predicate.op === 'atLeast' ? value >= predicate.value - EPSILON : value <= predicate.value + EPSILON;
  const comparison = predicate.op === 'atLeast' ? '≥' : '≤';
  return node(`${predicate.accumulator} ${comparison} ${predicate.value}`, fired, fired ? 1 : 0, `value ${fmt(value)}`);
}

/** Occurrences that count: interpretive ones below min_confidence are noise here too. */
export function occurrences(key: string, context: EvaluationContext): Occurrence[] {
  return (context.truth.history.get(key) ?? []).filter((occurrence) => occurrence.confidence >= context.minConfidence);
}
export const firstOccurrence = (key: string, context: EvaluationContext): Occurrence | undefined =>
  occurrences(key, context)[0];
export const lastOccurrence = (key: string, context: EvaluationContext): Occurrence | undefined =>
  occurrences(key, context).at(-1);

/** When the current, unbroken truth of a proposition began. */
export function heldSince(key: string, context: EvaluationContext): { turn: number; seq: number } | undefined {
  return context.truth.factual.get(key)?.since ?? context.truth.interpretive.get(key)?.since;
}

export function fmt(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}
