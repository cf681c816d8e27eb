import { rebuild, TruthSet } from '../../events/index.ts';
import type { SaveStore } from '../../store/index.ts';
import { TRUTH_CHECKPOINT, toLedgerEntry, toSnapshot } from './runtime.ts';

/** The truth set as of committed turn `turn` (0: before the story began), from the save alone. */
export function truthAt(store: SaveStore, turn: number, minConfidence: number): TruthSet {
  if (turn <= 0) return new TruthSet();
  const checkpoint = store.latestCheckpoint(TRUTH_CHECKPOINT, turn);
  const snapshot = checkpoint === null ? null : toSnapshot(checkpoint.data);
  const ledger = store.ledger({ afterSeq: snapshot?.lastSeq ?? 0, uptoTurn: turn }).map(toLedgerEntry);
  return rebuild(snapshot, ledger, minConfidence);
}
