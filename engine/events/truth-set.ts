import type { JudgmentStanding } from './judgment.ts';
import type { ChangeSet, Occurrence, PropositionOp, Stamp } from './proposition.ts';

export interface FactualEntry {
  readonly since: Stamp;
  readonly slot: string | null;
}
export interface InterpretiveEntry {
  readonly confidence: number;
  readonly source: JudgmentStanding;
  readonly judgmentId: string;
  readonly since: Stamp;
}
/** What one judgment put into the truth set, so a refined judgment can take it back out. */
export interface Contribution {
  readonly keys: readonly string[];
  readonly deltas: readonly (readonly [string, number])[];
}
/** Who applies an op: a judgment's id for interpretive ops, null for factual events. */
export interface OpContext {
  readonly stamp: Stamp;
  readonly judgment: { readonly id: string; readonly standing: JudgmentStanding } | null;
}

/** Plain JSON: a checkpoint stores it, `rebuild` starts from it. Entries are in insertion order. */
export interface TruthSnapshot {
  readonly lastSeq: number;
  readonly factual: readonly (readonly [string, FactualEntry])[];
  readonly interpretive: readonly (readonly [string, InterpretiveEntry])[];
  readonly accumulators: readonly (readonly [string, number])[];
  readonly slots: readonly (readonly [string, string])[];
  readonly history: readonly (readonly [string, readonly Occurrence[]])[];
  readonly momentary: readonly (readonly [string, number])[];
  readonly contributions: readonly (readonly [string, Contribution])[];
}

/** A truth set's contents: its snapshot, or a live set itself (a Map iterates its entries). */
type TruthParts = { readonly lastSeq: number } & {
  readonly [K in Exclude<keyof TruthSnapshot, 'lastSeq'>]: Iterable<TruthSnapshot[K][number]>;
};

/** "What is currently true" (event-system.md, The Truth Set). Mutated only through `apply` and `withdraw`. */
export class TruthSet {
  lastSeq = 0;
  readonly factual = new Map<string, FactualEntry>();
  readonly interpretive = new Map<string, InterpretiveEntry>();
  readonly accumulators = new Map<string, number>();
  readonly slots = new Map<string, string>();
  /** The temporal index per proposition, oldest first. */
  readonly history = new Map<string, Occurrence[]>();
  /** The turn a momentary proposition last happened in: it holds during that turn. */
  readonly momentary = new Map<string, number>();
  readonly contributions = new Map<string, Contribution>();

  apply(ops: readonly PropositionOp[], context: OpContext, changes: ChangeSet): void {
    const judgmentId = context.judgment?.id ?? null;
    const keys: string[] = [];
    const deltas: (readonly [string, number])[] = [];
    for (const op of ops) {
      switch (op.op) {
        case 'assert':
          if (op.slot !== null) this.retractSlot(op.slot, op.key, changes);
          if (!this.factual.has(op.key)) {
            this.factual.set(op.key, { since: context.stamp, slot: op.slot });
            if (op.slot !== null) this.slots.set(op.slot, op.key);
            this.record(op.key, { ...context.stamp, confidence: 1, judgmentId }, changes);
          }
          break;
        case 'retract':
          this.retract(op.key, changes);
          break;
        case 'retractSlot':
          this.retractSlot(op.slot, null, changes);
          break;
        case 'momentary':
          this.momentary.set(op.key, context.stamp.turn);
          this.record(op.key, { ...context.stamp, confidence: 1, judgmentId }, changes);
          break;
        case 'weigh':
          if (context.judgment === null) throw new Error(`weigh ${op.key} needs a judgment`);
          this.interpretive.set(op.key, {
            confidence: op.confidence,
            source: context.judgment.standing,
            judgmentId: context.judgment.id,
            since: context.stamp,
          });
          keys.push(op.key);
          this.record(op.key, { ...context.stamp, confidence: op.confidence, judgmentId }, changes);
          break;
        case 'accumulate':
          this.accumulators.set(op.key, (this.accumulators.get(op.key) ?? 0) + op.delta);
          deltas.push([op.key, op.delta]);
          changes.accumulators.add(op.key);
          break;
      }
    }
    if (judgmentId !== null) this.contributions.set(judgmentId, { keys, deltas });
    this.lastSeq = Math.max(this.lastSeq, context.stamp.seq);
  }

  /** Takes back what a judgment contributed (a refined judgment replacing a provisional one). */
  withdraw(judgmentId: string, changes: ChangeSet): void {
    const contribution = this.contributions.get(judgmentId);
    if (contribution === undefined) return;
    this.contributions.delete(judgmentId);
    for (const key of contribution.keys) {
      if (this.interpretive.get(key)?.judgmentId === judgmentId) this.interpretive.delete(key);
      const kept = (this.history.get(key) ?? []).filter((occurrence) => occurrence.judgmentId !== judgmentId);
      if (kept.length === 0) this.history.delete(key);
      else this.history.set(key, kept);
      changes.propositions.add(key);
    }
    for (const [key, delta] of contribution.deltas) {
      this.accumulators.set(key, (this.accumulators.get(key) ?? 0) - delta);
      changes.accumulators.add(key);
    }
  }

  snapshot(): TruthSnapshot {
    // structuredClone: a checkpoint must not alias live history arrays.
    return structuredClone({
      lastSeq: this.lastSeq,
      factual: [...this.factual],
      interpretive: [...this.interpretive],
      accumulators: [...this.accumulators],
      slots: [...this.slots],
      history: [...this.history],
      momentary: [...this.momentary],
      contributions: [...this.contributions],
    });
  }

  /** An independent copy: what a turn works on, so the set it started from stays as it was if the turn fails. */
  clone(): TruthSet {
    // Entries are replaced, never changed in place; only the history arrays grow, and `filled` copies those.
    return TruthSet.filled(this);
  }

  static fromSnapshot(snapshot: TruthSnapshot): TruthSet {
    return TruthSet.filled(structuredClone(snapshot));
  }

  private static filled(parts: TruthParts): TruthSet {
    const truth = new TruthSet();
    truth.lastSeq = parts.lastSeq;
    for (const [key, value] of parts.factual) truth.factual.set(key, value);
    for (const [key, value] of parts.interpretive) truth.interpretive.set(key, value);
    for (const [key, value] of parts.accumulators) truth.accumulators.set(key, value);
    for (const [key, value] of parts.slots) truth.slots.set(key, value);
    for (const [key, value] of parts.history) truth.history.set(key, [...value]);
    for (const [key, value] of parts.momentary) truth.momentary.set(key, value);
    for (const [key, value] of parts.contributions) truth.contributions.set(key, value);
    return truth;
  }

  /** The spec's temporal index view: the propositions asserted in one turn. */
  assertedIn(turn: number): string[] {
    const keys: string[] = [];
    for (const [key, occurrences] of this.history) {
      if (occurrences.some((occurrence) => occurrence.turn === turn)) keys.push(key);
    }
    return keys;
  }

  private record(key: string, occurrence: Occurrence, changes: ChangeSet): void {
    const occurrences = this.history.get(key);
    if (occurrences === undefined) this.history.set(key, [occurrence]);
    else occurrences.push(occurrence);
    changes.propositions.add(key);
  }

  private retract(key: string, changes: ChangeSet): void {
    const entry = this.factual.get(key);
    if (entry === undefined) return;
    this.factual.delete(key);
    if (entry.slot !== null && this.slots.get(entry.slot) === key) this.slots.delete(entry.slot);
    changes.propositions.add(key);
  }

  private retractSlot(slot: string, keep: string | null, changes: ChangeSet): void {
    const current = this.slots.get(slot);
    if (current !== undefined && current !== keep) this.retract(current, changes);
  }
}
