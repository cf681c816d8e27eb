import type { Selectable } from 'kysely';
import type { CheckpointsTable } from '../database.ts';
import { parseJson, toJsonText } from '../json.ts';
import type { SqliteConnection } from '../sqlite/connection.ts';
import { first, run } from '../sqlite/exec.ts';
import { qb } from '../sqlite/query-builder.ts';
import type { NewCheckpoint, StoredCheckpoint } from '../types.ts';

export function insertCheckpoint(
  sqlite: SqliteConnection,
  turnId: number,
  checkpoint: NewCheckpoint,
  now: number,
): void {
  const data = toJsonText(checkpoint.data, `data of the ${checkpoint.kind} checkpoint`);
  run(sqlite, qb.insertInto('checkpoints').values({ turn_id: turnId, created_at: now, kind: checkpoint.kind, data }));
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
  return row === undefined ? null : toStoredCheckpoint(row);
}

function toStoredCheckpoint(row: Selectable<CheckpointsTable>): StoredCheckpoint {
  return { id: row.id, turnId: row.turn_id, createdAt: row.created_at, kind: row.kind, data: parseJson(row.data) };
}
