import { evaluate, type EvaluationContext, type EvaluationTrace } from './evaluate.ts';
import { predicateAtoms } from './predicate.ts';
import type { ChangeSet } from './proposition.ts';
import type { Subscription } from './subscription.ts';

/** A subscription whose predicate holds, with the trace of why. */
export interface Candidate {
  readonly subscription: Subscription;
  readonly trace: EvaluationTrace;
}
export interface Held {
  readonly subscriptionId: string;
  readonly reason: 'refractory' | 'cycle';
  readonly trace: EvaluationTrace;
}
export interface ChangeEvaluation {
  /** Ids of the subscriptions evaluated, in registration order: only those whose atoms changed. */
  readonly evaluated: readonly string[];
  readonly candidates: readonly Candidate[];
  readonly held: readonly Held[];
  /** UntilCondition subscriptions whose `until` now holds: removed. */
  readonly expired: readonly string[];
  /** Every evaluated subscription's trace, for the debug panel's "why it did not fire". */
  readonly traces: ReadonlyMap<string, EvaluationTrace>;
}

/**
 * Incremental trigger evaluation: subscriptions are filed under every truth-set key their predicates read, so a
 * change re-evaluates only the subscriptions that could have changed their answer.
 */
export class TriggerIndex {
  private readonly subscriptions = new Map<string, { readonly subscription: Subscription; readonly order: number }>();
  private readonly byProposition = new Map<string, Set<string>>();
  private readonly byAccumulator = new Map<string, Set<string>>();
  private readonly lastFiredTurn = new Map<string, number>();
  private nextOrder = 0;

  constructor(subscriptions: Iterable<Subscription> = []) {
    for (const subscription of subscriptions) this.add(subscription);
  }

  /** An independent copy (subscriptions, their order and the refractory state): what a turn fires and removes on. */
  clone(): TriggerIndex {
    const copy = new TriggerIndex();
    for (const [id, entry] of this.subscriptions) copy.subscriptions.set(id, entry);
    for (const [key, ids] of this.byProposition) copy.byProposition.set(key, new Set(ids));
    for (const [key, ids] of this.byAccumulator) copy.byAccumulator.set(key, new Set(ids));
    for (const [id, turn] of this.lastFiredTurn) copy.lastFiredTurn.set(id, turn);
    copy.nextOrder = this.nextOrder;
    return copy;
  }

  get size(): number {
    return this.subscriptions.size;
  }

  /** The active subscriptions in registration order (the sensitivity map is built from them). */
  active(): Subscription[] {
    return [...this.subscriptions.values()].sort((a, b) => a.order - b.order).map((entry) => entry.subscription);
  }

  has(id: string): boolean {
    return this.subscriptions.has(id);
  }

  add(subscription: Subscription): void {
    if (this.subscriptions.has(subscription.id)) throw new Error(`subscription ${subscription.id} is already active`);
    this.subscriptions.set(subscription.id, { subscription, order: this.nextOrder++ });
    this.forEachAtom(subscription, (index, key) => {
      const ids = index.get(key);
      if (ids === undefined) index.set(key, new Set([subscription.id]));
      else ids.add(subscription.id);
    });
  }

  remove(id: string): void {
    const entry = this.subscriptions.get(id);
    if (entry === undefined) return;
    this.subscriptions.delete(id);
    this.forEachAtom(entry.subscription, (index, key) => index.get(key)?.delete(id));
  }

  lastFired(id: string): number | undefined {
    return this.lastFiredTurn.get(id);
  }

  /** The refractory state, saved with the turn so a reloaded session holds the same triggers. */
  firedTurns(): [string, number][] {
    return [...this.lastFiredTurn];
  }

  restoreFiredTurns(entries: Iterable<readonly [string, number]>): void {
    for (const [id, turn] of entries) this.lastFiredTurn.set(id, turn);
  }

  /** Records a firing: a OneShot is removed, an Ongoing starts its refractory period. */
  recordFiring(id: string, turn: number): void {
    const entry = this.subscriptions.get(id);
    if (entry === undefined) return;
    this.lastFiredTurn.set(id, turn);
    if (entry.subscription.lifecycle.kind === 'OneShot') this.remove(id);
  }

  /**
   * Evaluates the subscriptions whose atoms changed. With `elapsed` (the turn, and in-world time, moved on since the
   * last evaluation), also those whose answer time alone changed: `Within` lapsing under a `Not` or a `Difference`, a
   * momentary event no longer happening. Their atoms did not change, so nothing else would look at them again.
   */
  evaluateChanges(changes: ChangeSet, context: EvaluationContext, elapsed = false): ChangeEvaluation {
    const evaluated: string[] = [];
    const candidates: Candidate[] = [];
    const held: Held[] = [];
    const expired: string[] = [];
    const traces = new Map<string, EvaluationTrace>();
    for (const subscription of this.affected(changes, elapsed ? context : null)) {
      evaluated.push(subscription.id);
      const lifecycle = subscription.lifecycle;
      if (lifecycle.kind === 'UntilCondition') {
        const until = evaluate(lifecycle.until, context);
        if (until.fired) {
          traces.set(subscription.id, until);
          expired.push(subscription.id);
          this.remove(subscription.id);
          continue;
        }
      }
      const trace = evaluate(subscription.predicate, context);
      traces.set(subscription.id, trace);
      if (!trace.fired) continue;
      const last = this.lastFiredTurn.get(subscription.id);
      if (lifecycle.kind === 'Ongoing' && last !== undefined && context.turn - last < lifecycle.refractoryTurns) {
        held.push({ subscriptionId: subscription.id, reason: 'refractory', trace });
      } else {
        candidates.push({ subscription, trace });
      }
    }
    return { evaluated, candidates, held, expired, traces };
  }

  private affected(changes: ChangeSet, elapsedAt: EvaluationContext | null): Subscription[] {
    const ids = new Set<string>();
    for (const key of changes.propositions) for (const id of this.byProposition.get(key) ?? []) ids.add(id);
    for (const key of changes.accumulators) for (const id of this.byAccumulator.get(key) ?? []) ids.add(id);
    if (elapsedAt !== null)
      for (const [id, { subscription }] of this.subscriptions)
        if (!ids.has(id) && turnedTrueWithTime(subscription, elapsedAt)) ids.add(id);
    const entries = [...ids].flatMap((id) => {
      const entry = this.subscriptions.get(id);
      return entry === undefined ? [] : [entry];
    });
    // Registration order keeps firing order deterministic, whatever order the keys changed in.
    entries.sort((a, b) => a.order - b.order);
    return entries.map((entry) => entry.subscription);
  }

  private forEachAtom(subscription: Subscription, visit: (index: Map<string, Set<string>>, key: string) => void): void {
    const atoms = predicateAtoms(subscription.predicate);
    if (subscription.lifecycle.kind === 'UntilCondition') predicateAtoms(subscription.lifecycle.until, atoms);
    for (const key of atoms.propositions) visit(this.byProposition, key);
    for (const key of atoms.accumulators) visit(this.byAccumulator, key);
  }
}

/**
 * Whether time alone made the predicate (or an UntilCondition's `until`) hold: it holds at this turn and did not at
 * the one before, over the same truth set. Only temporal readings differ between the two (Within counts back from
 * the turn, a momentary event holds during its own turn); every other atom answers the same.
 */
function turnedTrueWithTime(subscription: Subscription, context: EvaluationContext): boolean {
  const before = { ...context, turn: context.turn - 1 };
  const turned = (predicate: Subscription['predicate']) =>
    evaluate(predicate, context).fired && !evaluate(predicate, before).fired;
  const lifecycle = subscription.lifecycle;
  return turned(subscription.predicate) || (lifecycle.kind === 'UntilCondition' && turned(lifecycle.until));
}
