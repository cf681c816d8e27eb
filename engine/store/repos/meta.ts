import { EngineError } from '../../api/index.ts';
import type { RngState } from '../../platform/index.ts';
import type { SaveMetaTable } from '../database.ts';
import { parseRngState } from '../json.ts';
import type { SqliteConnection } from '../sqlite/connection.ts';
import { first, run } from '../sqlite/exec.ts';
import { qb } from '../sqlite/query-builder.ts';
import type { SaveMeta } from '../types.ts';

export function insertMeta(sqlite: SqliteConnection, row: SaveMetaTable): void {
  run(sqlite, qb.insertInto('save_meta').values(row));
}

export function readMeta(sqlite: SqliteConnection, path: string): SaveMeta {
  const row = first(sqlite, qb.selectFrom('save_meta').selectAll().where('id', '=', 1));
  if (row === undefined) {
    throw new EngineError('save_corrupt', `Save file ${path} is damaged: it has no save metadata.`, { path });
  }
  return {
    title: row.title,
    packId: row.pack_id,
    packVersion: row.pack_version,
    packContentHash: row.pack_content_hash,
    personaId: row.persona_id,
    rngSeed: row.rng_seed,
    rngInitialState: parseRngState(row.rng_initial_state, path),
    rngState: parseRngState(row.rng_state, path),
    appVersion: row.app_version,
    forkedFrom: row.forked_from === null ? null : { saveId: row.forked_from, turn: row.forked_at_turn ?? 0 },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface MetaUpdate {
  readonly updatedAt: number;
  readonly appVersion: string;
  readonly title?: string;
  readonly rngState?: RngState;
}

/** Every write to a save goes through here, so `updated_at` and the writer's app version stay current. */
export function updateMeta(sqlite: SqliteConnection, update: MetaUpdate): void {
  const changes = {
    updated_at: update.updatedAt,
    app_version: update.appVersion,
    ...(update.title === undefined ? {} : { title: update.title }),
    ...(update.rngState === undefined ? {} : { rng_state: JSON.stringify(update.rngState) }),
  };
  run(sqlite, qb.updateTable('save_meta').set(changes).where('id', '=', 1));
}
