import { parseJson, toJsonText } from '../json.ts';
import type { SqliteConnection } from '../sqlite/connection.ts';
import { all, first, run } from '../sqlite/exec.ts';
import { qb } from '../sqlite/query-builder.ts';
import type { NewLedgerEntry, StoredLedgerEntry } from '../types.ts';

export function insertLedger(
  sqlite: SqliteConnection,
  turnId: number,
  entries: readonly NewLedgerEntry[],
  now: number,
): void {
  if (entries.length === 0) return;
  const values = entries.map((entry) => ({
    turn_id: turnId,
    seq: entry.seq,
    record: toJsonText(entry.record, `ledger entry ${entry.seq}`),
    created_at: now,
  }));
  run(sqlite, qb.insertInto('ledger').values(values));
}

/** The highest sequence stored (0 when the ledger is empty). */
export function lastLedgerSeq(sqlite: SqliteConnection): number {
  const query = qb.selectFrom('ledger').select((eb) => eb.fn.max('seq').as('last'));
  return first(sqlite, query)?.last ?? 0;
}

export interface LedgerRange {
  /** Only entries after this sequence (a checkpoint's last). */
  readonly afterSeq?: number;
  /** Only entries written by turns from this story turn number on. */
  readonly fromTurn?: number;
  /** Only entries written by turns up to this story turn number. */
  readonly uptoTurn?: number;
}

/** Ledger rows in sequence order, with the story turn number that wrote each. */
export function readLedger(sqlite: SqliteConnection, range: LedgerRange = {}): StoredLedgerEntry[] {
  let query = qb
    .selectFrom('ledger')
    .innerJoin('turns', 'turns.id', 'ledger.turn_id')
    .select(['ledger.seq', 'ledger.record', 'turns.number'])
    .orderBy('ledger.seq');
  if (range.afterSeq !== undefined) query = query.where('ledger.seq', '>', range.afterSeq);
  if (range.fromTurn !== undefined) query = query.where('turns.number', '>=', range.fromTurn);
  if (range.uptoTurn !== undefined) query = query.where('turns.number', '<=', range.uptoTurn);
  return all(sqlite, query).map((row) => ({ seq: row.seq, turn: row.number, record: parseJson(row.record) }));
}
