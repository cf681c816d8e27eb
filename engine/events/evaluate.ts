import {
  accumulatorAtom,
  atom,
  EPSILON,
  firstOccurrence,
  fmt,
  heldSince,
  lastOccurrence,
  node,
  occurrences,
  type EvaluationContext,
  type EvaluationTrace,
} from './evaluate-atoms.ts';
import type { Predicate } from './predicate.ts';
import { isAfter, type Occurrence } from './proposition.ts';

export { DEFAULT_MIN_CONFIDENCE, type EvaluationContext, type EvaluationTrace } from './evaluate-atoms.ts';

/**
 * Evaluates a predicate (ARCHITECTURE §8.5): factual atoms count 1.0, interpretive atoms their confidence when at or
 * above `minConfidence` and 0 otherwise; All = min, Any = max, Threshold = sum ≥ minMatch.
 */
export function evaluate(predicate: Predicate, context: EvaluationContext): EvaluationTrace {
  // A child counts as a truth value weighted by its confidence: one that does not hold is 0 (a nested Threshold's
  // partial sum is not a vote), one that holds counts its confidence and never more than 1 (a nested Threshold's
  // whole sum is one vote).
  const weigh = (children: readonly EvaluationTrace[]) =>
    children.map((child) => (child.fired ? Math.min(child.score, 1) : 0));
  switch (predicate.kind) {
    case 'Atom':
      return 'proposition' in predicate ? atom(predicate.proposition, context) : accumulatorAtom(predicate, context);
    case 'All': {
      const children = predicate.of.map((child) => evaluate(child, context));
      const score = Math.min(...weigh(children));
      const fired = children.every((child) => child.fired);
      return node(
        'All',
        fired,
        fired ? score : 0,
        fired ? `all hold, min ${fmt(score)}` : `${children.filter((c) => !c.fired).length} do not hold`,
        children,
      );
    }
    case 'Any': {
      const children = predicate.of.map((child) => evaluate(child, context));
      const score = Math.max(...weigh(children));
      const fired = children.some((child) => child.fired);
      return node('Any', fired, score, fired ? `max ${fmt(score)}` : 'none holds', children);
    }
    case 'Not': {
      const inner = evaluate(predicate.of, context);
      return node(
        'Not',
        !inner.fired,
        inner.fired ? 0 : 1,
        inner.fired ? 'the negated predicate holds' : 'the negated predicate does not hold',
        [inner],
      );
    }
    case 'Difference': {
      const include = evaluate(predicate.include, context);
      const exclude = evaluate(predicate.exclude, context);
      const fired = include.fired && !exclude.fired;
      const reason = !include.fired
        ? 'the included predicate does not hold'
        : exclude.fired
          ? 'the excluded predicate holds'
          : 'included holds, excluded does not';
      return node('Difference', fired, fired ? Math.min(include.score, 1) : 0, reason, [include, exclude]);
    }
    case 'Threshold': {
      const children = predicate.of.map((child) => evaluate(child, context));
      const sum = weigh(children).reduce((total, weight) => total + weight, 0);
      const fired = sum >= predicate.minMatch - EPSILON;
      return node(
        `Threshold(min_match ${predicate.minMatch})`,
        fired,
        sum,
        `sum ${fmt(sum)} ${fired ? '≥' : '<'} ${predicate.minMatch}`,
        children,
      );
    }
    case 'After': {
      const anchor = firstOccurrence(predicate.anchor, context);
      if (anchor === undefined)
        return node(`After(${predicate.proposition}, ${predicate.anchor})`, false, 0, 'the anchor has not occurred');
      const later = lastOccurrence(predicate.proposition, context);
      const fired = later !== undefined && isAfter(later, anchor);
      return node(
        `After(${predicate.proposition}, ${predicate.anchor})`,
        fired,
        fired ? later.confidence : 0,
        fired ? `occurred turn ${later.turn} after turn ${anchor.turn}` : 'not occurred since the anchor',
      );
    }
    case 'Since': {
      const label = `Since(${predicate.proposition}, ${predicate.anchor})`;
      const anchor = lastOccurrence(predicate.anchor, context);
      if (anchor === undefined) return node(label, false, 0, 'the anchor has not occurred');
      const current = atom(predicate.proposition, context);
      const began = heldSince(predicate.proposition, context);
      const fired = current.fired && began !== undefined && !isAfter(began, anchor);
      return node(
        label,
        fired,
        fired ? current.score : 0,
        fired
          ? `held since turn ${began.turn}, anchor turn ${anchor.turn}`
          : 'has not held throughout since the anchor',
        [current],
      );
    }
    case 'Sequence': {
      let previous: Occurrence | undefined;
      let score = 1;
      for (const key of predicate.of) {
        const next = occurrences(key, context).find(
          (occurrence) => previous === undefined || isAfter(occurrence, previous),
        );
        if (next === undefined)
          return node(`Sequence(${predicate.of.join(' → ')})`, false, 0, `${key} has not followed in order`);
        score = Math.min(score, next.confidence);
        previous = next;
      }
      return node(`Sequence(${predicate.of.join(' → ')})`, true, score, 'occurred in order');
    }
    case 'Within': {
      const last = lastOccurrence(predicate.proposition, context);
      const fired = last !== undefined && context.turn - last.turn < predicate.turns;
      const reason =
        last === undefined ? 'never occurred' : `last occurred turn ${last.turn}, now turn ${context.turn}`;
      return node(`Within(${predicate.proposition}, ${predicate.turns})`, fired, fired ? last.confidence : 0, reason);
    }
  }
}
