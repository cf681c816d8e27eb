/**
 * Propositions are named facts with arguments, keyed canonically as `Name(arg1,arg2)` so pack authors can write them
 * as strings and the truth set can index them by key.
 */
export function propositionKey(name: string, ...args: readonly (string | number | boolean | null)[]): string {
  return `${name}(${args.map((arg) => String(arg)).join(',')})`;
}

/** Authors may write `CharacterPresent( wolf )`; the truth set only knows the canonical spelling. */
export function normalizeKey(written: string): string {
  return written.replace(/\s+/g, '');
}

/** When something entered the truth set: the turn (the spec's temporal index) and the ledger sequence within it. */
export interface Stamp {
  readonly turn: number;
  readonly seq: number;
}

export function isAfter(later: Stamp, earlier: Stamp): boolean {
  return later.turn > earlier.turn || (later.turn === earlier.turn && later.seq > earlier.seq);
}

/** One assertion of a proposition in the temporal index. */
export interface Occurrence extends Stamp {
  /** 1 for factual propositions. */
  readonly confidence: number;
  /** The judgment behind an interpretive occurrence (withdrawn when a refined judgment replaces it). */
  readonly judgmentId: string | null;
}

/**
 * What an event or judgment does to the truth set. Persistent propositions stay true until retracted; a slot holds
 * one proposition at a time (an agent is at one location), so asserting into it retracts the previous one. Momentary
 * propositions only enter the temporal index (and hold during the turn they happened in).
 */
export type PropositionOp =
  | { readonly op: 'assert'; readonly key: string; readonly slot: string | null }
  | { readonly op: 'retract'; readonly key: string }
  | { readonly op: 'retractSlot'; readonly slot: string }
  | { readonly op: 'momentary'; readonly key: string }
  | { readonly op: 'weigh'; readonly key: string; readonly confidence: number }
  | { readonly op: 'accumulate'; readonly key: string; readonly delta: number };

/** The keys an application changed: only subscriptions over these atoms are evaluated again. */
export interface ChangeSet {
  readonly propositions: Set<string>;
  readonly accumulators: Set<string>;
}

export function emptyChanges(): ChangeSet {
  return { propositions: new Set(), accumulators: new Set() };
}

export function mergeChanges(into: ChangeSet, from: ChangeSet): void {
  for (const key of from.propositions) into.propositions.add(key);
  for (const key of from.accumulators) into.accumulators.add(key);
}
