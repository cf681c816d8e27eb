/**
 * An information gate: facts the Storykeeper withholds until the gate's predicate holds. The predicate stays opaque
 * here (the events room owns predicate evaluation); callers evaluate it and hand this room `isGateSatisfied`.
 */
export type GateRecipients = 'specific' | 'all_present' | 'observer';

export type InformationGate<Predicate = unknown> = {
  readonly id: string;
  /** The guarded text, revealed only once the gate opens. */
  readonly facts: readonly string[];
  readonly predicate: Predicate;
  readonly recipients: GateRecipients;
  /** Who learns the facts when `recipients` is `specific`. */
  readonly recipientIds?: readonly string[] | undefined;
  /** How the narrator should frame the revelation (its narrative weight, what changes). */
  readonly framing: string;
};
