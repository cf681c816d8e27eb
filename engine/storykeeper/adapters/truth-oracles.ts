import {
  evaluate,
  propositionKey,
  type EvaluationContext,
  type EvaluationTrace,
  type Predicate,
} from '../../events/index.ts';
import type { InformationGate } from '../information-gate.ts';
import { clamp01 } from '../numbers.ts';
import type { Holds } from '../truth.ts';

/**
 * How strongly a predicate holds, in [0, 1]: its score when it fires, 0 when it does not. A predicate that fires
 * with no score of its own (a Not over something absent) counts fully: it holds, and this room only asks how much.
 */
export function predicateStrength(predicate: Predicate, context: EvaluationContext): number {
  const trace = evaluate(predicate, context);
  if (!trace.fired) return 0;
  return trace.score > 0 ? clamp01(trace.score) : 1;
}

/**
 * `holds` over the real truth set: a proposition through engine/events' atom rules (factual 1, interpretive its
 * confidence from min_confidence on, momentary during its turn), and a condition key (from-pack.ts) through the
 * predicate it stands for.
 */
export function truthHolds(context: EvaluationContext, conditions: ReadonlyMap<string, Predicate>): Holds {
  return (key) => {
    const predicate = conditions.get(key) ?? { kind: 'Atom', proposition: key };
    return predicateStrength(predicate, context);
  };
}

/** A gate as play has left it: open once its predicate holds or a GateFired event said so; who has been told. */
export type GateState = {
  readonly id: string;
  readonly open: boolean;
  readonly predicateHolds: boolean;
  /** `GateFired(<id>)` is in the truth set: the event system opened it, whatever the predicate says now. */
  readonly fired: boolean;
  /** Who holds `Knows(<who>,<id>)`: the facts were revealed to them. */
  readonly knownBy: readonly string[];
};

export function gateState(gate: InformationGate<Predicate>, context: EvaluationContext): GateState {
  const predicateHolds = evaluate(gate.predicate, context).fired;
  const fired = context.truth.factual.has(propositionKey('GateFired', gate.id));
  return { id: gate.id, open: predicateHolds || fired, predicateHolds, fired, knownBy: knownBy(gate.id, context) };
}

function knownBy(gateId: string, context: EvaluationContext): string[] {
  const suffix = `,${gateId})`;
  const who: string[] = [];
  for (const key of context.truth.factual.keys()) {
    if (key.startsWith('Knows(') && key.endsWith(suffix)) who.push(key.slice('Knows('.length, -suffix.length));
  }
  return who.sort();
}

/**
 * How far a gate's predicate has come, in [0, 1]: 1 when it holds; for one that does not, the share of an All's parts
 * that hold, the furthest part of an Any, a Threshold's sum over its min_match; 0 for anything else. Between 0 and 1
 * the gate's truth is `suspected`: the Narrator may hint that something is near the surface, never state it.
 */
export function gateProgress(predicate: Predicate, context: EvaluationContext): number {
  return progressOf(predicate, evaluate(predicate, context));
}

function progressOf(predicate: Predicate, trace: EvaluationTrace): number {
  if (trace.fired) return 1;
  const parts = (of: readonly Predicate[]) =>
    of.map((child, index) => {
      const childTrace = trace.children[index];
      return childTrace === undefined ? 0 : progressOf(child, childTrace);
    });
  switch (predicate.kind) {
    case 'All': {
      const done = parts(predicate.of);
      return done.reduce((sum, part) => sum + part, 0) / Math.max(1, done.length);
    }
    case 'Any':
      return Math.max(0, ...parts(predicate.of));
    case 'Threshold':
      return clamp01(trace.score / predicate.minMatch);
    default:
      return 0;
  }
}
