import type { InterpretiveJudgment } from './judgment.ts';
import type { NarrativeEvent } from './narrative-event.ts';
import { emptyChanges, type ChangeSet } from './proposition.ts';
import { eventPropositions, judgmentPropositions } from './translate.ts';
import { TruthSet, type TruthSnapshot } from './truth-set.ts';

/** One ledger row: every factual event and interpretive judgment of the session, in order. */
export type LedgerRecord =
  | { readonly kind: 'event'; readonly event: NarrativeEvent }
  | { readonly kind: 'judgment'; readonly judgment: InterpretiveJudgment };

export interface LedgerEntry {
  /** Strictly increasing across the session; a checkpoint remembers the last one it includes. */
  readonly seq: number;
  readonly turn: number;
  readonly record: LedgerRecord;
}

/**
 * Applies one ledger entry to the truth set and reports which keys changed. `minConfidence` is the story's: a
 * judgment below it moves no accumulator, and a rebuild must use the same value as live play to agree with it.
 */
export function applyEntry(
  truth: TruthSet,
  entry: LedgerEntry,
  minConfidence: number,
  changes: ChangeSet = emptyChanges(),
): ChangeSet {
  const stamp = { turn: entry.turn, seq: entry.seq };
  if (entry.record.kind === 'event') {
    truth.apply(eventPropositions(entry.record.event), { stamp, judgment: null }, changes);
    return changes;
  }
  const judgment = entry.record.judgment;
  if (judgment.replaces !== null) truth.withdraw(judgment.replaces, changes);
  truth.apply(
    judgmentPropositions(judgment, minConfidence),
    { stamp, judgment: { id: judgment.id, standing: judgment.standing } },
    changes,
  );
  return changes;
}

/**
 * Scene-entry rebuild: the checkpoint's truth set plus every later ledger entry. Gives the same truth set as applying
 * the entries one by one as they happened (tested), so a save needs only checkpoints and the ledger.
 */
export function rebuild(
  checkpoint: TruthSnapshot | null,
  ledger: Iterable<LedgerEntry>,
  minConfidence: number,
): TruthSet {
  const truth = checkpoint === null ? new TruthSet() : TruthSet.fromSnapshot(checkpoint);
  const after = checkpoint === null ? Number.NEGATIVE_INFINITY : truth.lastSeq;
  // One scratch change set: a rebuild evaluates no triggers, so the keys are not needed.
  const scratch = emptyChanges();
  for (const entry of ledger) {
    if (entry.seq <= after) continue;
    applyEntry(truth, entry, minConfidence, scratch);
    scratch.propositions.clear();
    scratch.accumulators.clear();
  }
  return truth;
}
