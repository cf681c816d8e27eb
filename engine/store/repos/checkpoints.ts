import type { Selectable } from 'kysely';
import type { CheckpointsTable } from '../database.ts';
import { parseJson, toJsonText } from '../json.ts';
import type { SqliteConnection } from '../sqlite/connection.ts';
import { first } from '../sqlite/exec.ts';
import { packRecent, RECENT_CHECKPOINT, rememberRecent, unpackRecent } from '../packed-recent.ts';
import { qb } from '../sqlite/query-builder.ts';
import type { NewCheckpoint, StoredCheckpoint } from '../types.ts';

export function insertCheckpoint(
  sqlite: SqliteConnection,
  turnId: number,
  checkpoint: NewCheckpoint,
  now: number,
): void {
  const text = toJsonText(checkpoint.data, `data of the ${checkpoint.kind} checkpoint`);
  const packed = packRecent(sqlite, RECENT_CHECKPOINT, { turnId, keys: { kind: checkpoint.kind } }, text);
  const values = {
    turn_id: turnId,
    created_at: now,
    kind: checkpoint.kind,
    data: packed.payload,
    data_bases: packed.bases,
  };
  const row = first(sqlite, qb.insertInto('checkpoints').values(values).returning('id'));
  if (row === undefined) throw new Error('INSERT … RETURNING returned no checkpoint');
  rememberRecent(sqlite, RECENT_CHECKPOINT, row.id, text);
}

/** The newest checkpoint, optionally of one kind, optionally written no later than story turn `uptoTurn`. */
export function latestCheckpoint(sqlite: SqliteConnection, kind?: string, uptoTurn?: number): StoredCheckpoint | null {
  let query = qb
    .selectFrom('checkpoints')
    .innerJoin('turns', 'turns.id', 'checkpoints.turn_id')
    .selectAll('checkpoints')
    .orderBy('checkpoints.id', 'desc')
    .limit(1);
  if (kind !== undefined) query = query.where('checkpoints.kind', '=', kind);
  if (uptoTurn !== undefined) query = query.where('turns.number', '<=', uptoTurn);
  const row = first(sqlite, query);
  return row === undefined ? null : toStoredCheckpoint(sqlite, row);
}

function toStoredCheckpoint(sqlite: SqliteConnection, row: Selectable<CheckpointsTable>): StoredCheckpoint {
  const data = parseJson(unpackRecent(sqlite, RECENT_CHECKPOINT, row.id));
  return { id: row.id, turnId: row.turn_id, createdAt: row.created_at, kind: row.kind, data };
}
