import { sql, type RawBuilder } from 'kysely';
import { EngineError } from '../api/index.ts';
import type { RngState } from '../platform/index.ts';
import { buildSaveFile, markAsStoryloomSave } from './build-save.ts';
import { openSave, type StoreOptions } from './open-save.ts';
import { insertMeta } from './repos/meta.ts';
import type { SaveStore } from './save-store.ts';
import type { SqliteConnection } from './sqlite/connection.ts';
import { all, run, transaction } from './sqlite/exec.ts';
import { raw } from './sqlite/query-builder.ts';

export interface ForkOptions {
  /** The last committed turn (by its story number) the fork keeps; 0 keeps none. */
  readonly uptoTurn: number;
  /** Defaults to "<source title> (turn N)". */
  readonly title?: string;
}

/**
 * Which rows of each table belong to the turns kept. Every history table a later migration adds needs its line here,
 * or forks would silently drop it (the fork test compares every table).
 */
const FORKED_TABLES: readonly { readonly table: string; readonly turnOf: RawBuilder<unknown> }[] = [
  { table: 'turns', turnOf: sql.ref('id') },
  { table: 'messages', turnOf: sql.ref('turn_id') },
  { table: 'stage_calls', turnOf: sql.ref('turn_id') },
  { table: 'checkpoints', turnOf: sql.ref('turn_id') },
  { table: 'ledger', turnOf: sql.ref('turn_id') },
  // A scene-boundary run belongs to its closing turn: a rewind before it drops the run and what it derived.
  { table: 'boundary_runs', turnOf: sql.ref('turn_id') },
  { table: 'boundary_steps', turnOf: sql`(select r.turn_id from src.boundary_runs r where r.id = run_id)` },
];

/**
 * Undo, retry and rewind never edit history: they fork. The new save at `destPath` holds every row of the turns
 * submitted up to committed turn `uptoTurn` (failed attempts before it included, same ids), and the RNG state
 * recorded after that turn.
 */
export async function forkSave(
  source: SaveStore,
  destPath: string,
  fork: ForkOptions,
  options: StoreOptions,
): Promise<SaveStore> {
  const meta = source.meta();
  const cut = findCut(source, fork.uptoTurn);
  const now = options.clock.now();
  await buildSaveFile(destPath, options.clock, (sqlite) => {
    run(sqlite, raw(sql`attach database ${source.path} as src`));
    try {
      transaction(sqlite, () => {
        markAsStoryloomSave(sqlite);
        insertMeta(sqlite, {
          id: 1,
          title: fork.title ?? `${meta.title} (turn ${fork.uptoTurn})`,
          pack_id: meta.packId,
          pack_version: meta.packVersion,
          pack_content_hash: meta.packContentHash,
          persona_id: meta.personaId,
          rng_seed: meta.rngSeed,
          rng_initial_state: JSON.stringify(meta.rngInitialState),
          rng_state: JSON.stringify(cut?.rngState ?? meta.rngInitialState),
          app_version: options.appVersion,
          forked_from: source.id,
          forked_at_turn: fork.uptoTurn,
          created_at: now,
          updated_at: now,
        });
        for (const { table, turnOf } of FORKED_TABLES) copyRows(sqlite, table, turnOf, cut?.turnId ?? 0);
      });
    } finally {
      run(sqlite, raw(sql`detach database src`));
    }
  });
  return openSave(destPath, options);
}

function findCut(source: SaveStore, uptoTurn: number): { turnId: number; rngState: RngState } | null {
  if (!Number.isInteger(uptoTurn) || uptoTurn < 0) {
    throw new EngineError('invalid_params', `A fork needs a turn number ≥ 0, got ${uptoTurn}.`);
  }
  if (uptoTurn === 0) return null;
  const turn = source.turns().find((t) => t.status === 'committed' && t.number === uptoTurn);
  if (turn === undefined) {
    throw new EngineError(
      'invalid_params',
      `Save ${source.path} has no turn ${uptoTurn} to fork at (it has ${source.summary().turnCount}).`,
      { path: source.path, uptoTurn },
    );
  }
  if (turn.rngState === null) {
    throw new EngineError('save_corrupt', `Save ${source.path} is damaged: turn ${uptoTurn} has no RNG state.`);
  }
  return { turnId: turn.id, rngState: turn.rngState };
}

/** Copies by column name, so the copy does not depend on column order. Both files are at the latest format. */
function copyRows(sqlite: SqliteConnection, table: string, turnOf: RawBuilder<unknown>, lastTurnId: number): void {
  const names = all(sqlite, raw(sql<{ name: string }>`select name from pragma_table_info(${table}, 'main')`));
  const columns = sql.join(names.map((row) => sql.ref(row.name)));
  const copy = sql`insert into main.${sql.table(table)} (${columns})
    select ${columns} from src.${sql.table(table)} where ${turnOf} <= ${lastTurnId}`;
  run(sqlite, raw(copy));
}
