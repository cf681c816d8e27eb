import { EPSILON } from './evaluate-atoms.ts';
import type { LedgerRecord } from './ledger.ts';
import type { Predicate } from './predicate.ts';
import type { TruthSet } from './truth-set.ts';

/** A value an accumulator atom compares against: `trust_delta(player,kit-wickett)` atLeast 0.5. */
export interface AccumulatorThreshold {
  readonly accumulator: string;
  readonly op: 'atLeast' | 'atMost';
  readonly value: number;
}

/**
 * The ThresholdRef of ThresholdCrossed (event-system.md): the side crossed into, ">=0.5" or "<=-0.3", so a predicate
 * can name the crossing as `ThresholdCrossed(trust_delta(player,kit-wickett),>=0.5)`.
 */
export function thresholdRef(threshold: Pick<AccumulatorThreshold, 'op' | 'value'>): string {
  return `${threshold.op === 'atLeast' ? '>=' : '<='}${threshold.value}`;
}

/** Every distinct accumulator threshold the predicates compare against: the only values whose crossing means anything. */
export function accumulatorThresholds(predicates: Iterable<Predicate>): AccumulatorThreshold[] {
  const found = new Map<string, AccumulatorThreshold>();
  const visit = (predicate: Predicate): void => {
    switch (predicate.kind) {
      case 'Atom':
        if ('accumulator' in predicate) {
          const { accumulator, op, value } = predicate;
          found.set(`${accumulator} ${thresholdRef(predicate)}`, { accumulator, op, value });
        }
        return;
      case 'All':
      case 'Any':
      case 'Threshold':
        predicate.of.forEach(visit);
        return;
      case 'Not':
        visit(predicate.of);
        return;
      case 'Difference':
        visit(predicate.include);
        visit(predicate.exclude);
        return;
      case 'After':
      case 'Since':
      case 'Sequence':
      case 'Within':
        return;
    }
  };
  for (const predicate of predicates) visit(predicate);
  return [...found.values()];
}

function satisfied(threshold: AccumulatorThreshold, value: number): boolean {
  return threshold.op === 'atLeast' ? value >= threshold.value - EPSILON : value <= threshold.value + EPSILON;
}

/**
 * ThresholdCrossed events (event-system.md, "the shift crosses a threshold, the threshold fires an echo"): each
 * threshold whose accumulator was on the far side of it `before` and is on its side now. Crossing back out emits
 * nothing; crossing in again later does, once more. `before` answers an accumulator's value when the events began.
 */
export function thresholdCrossings(
  thresholds: readonly AccumulatorThreshold[],
  before: (accumulator: string) => number,
  truth: TruthSet,
): LedgerRecord[] {
  return thresholds.flatMap((threshold): LedgerRecord[] => {
    const now = truth.accumulators.get(threshold.accumulator) ?? 0;
    if (satisfied(threshold, before(threshold.accumulator)) || !satisfied(threshold, now)) return [];
    const event = {
      type: 'ThresholdCrossed',
      entity: threshold.accumulator,
      threshold: thresholdRef(threshold),
    } as const;
    return [{ kind: 'event', event }];
  });
}
