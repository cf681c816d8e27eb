import type { Selectable } from 'kysely';
import type { TurnsTable } from '../database.ts';
import { parseRngState } from '../json.ts';
import type { SqliteConnection } from '../sqlite/connection.ts';
import { all, first } from '../sqlite/exec.ts';
import { qb } from '../sqlite/query-builder.ts';
import type { StoredTurn } from '../types.ts';

export type NewTurnRow = Omit<TurnsTable, 'id'>;

/** The story number the next turn gets (a failed attempt keeps the number it tried to become). */
export function nextTurnNumber(sqlite: SqliteConnection): number {
  const query = qb
    .selectFrom('turns')
    .select((eb) => eb.fn.max('number').as('last'))
    .where('status', '=', 'committed');
  return (first(sqlite, query)?.last ?? 0) + 1;
}

export function insertTurn(sqlite: SqliteConnection, values: NewTurnRow, path: string): StoredTurn {
  const row = first(sqlite, qb.insertInto('turns').values(values).returningAll());
  if (row === undefined) throw new Error('INSERT … RETURNING returned no turn row');
  return toStoredTurn(row, path);
}

export function listTurns(sqlite: SqliteConnection, path: string): StoredTurn[] {
  return all(sqlite, qb.selectFrom('turns').selectAll().orderBy('id')).map((row) => toStoredTurn(row, path));
}

export function committedTurnCount(sqlite: SqliteConnection): number {
  const query = qb
    .selectFrom('turns')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'committed');
  return first(sqlite, query)?.n ?? 0;
}

function toStoredTurn(row: Selectable<TurnsTable>, path: string): StoredTurn {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    input: row.input,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    durationMs: row.duration_ms,
    rngState: row.rng_state === null ? null : parseRngState(row.rng_state, path),
    failure:
      row.failure_stage === null || row.failure_reason === null
        ? null
        : { stage: row.failure_stage, reason: row.failure_reason },
  };
}
