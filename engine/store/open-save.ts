import { EngineError } from '../api/errors.ts';
import type { Clock } from '../platform/ports.ts';
import { buildSaveFile, markAsStoryloomSave } from './build-save.ts';
import { readSaveChecked } from './inspect.ts';
import { migrateToLatest } from './migrate.ts';
import { insertMeta, updateMeta } from './repos/meta.ts';
import { SqliteSaveStore, type SaveStore } from './save-store.ts';
import { openReadWrite, type SqliteConnection } from './sqlite/connection.ts';
import { toSaveError } from './sqlite/errors.ts';
import { transaction } from './sqlite/exec.ts';
import type { NewSave } from './types.ts';

export interface StoreOptions {
  readonly clock: Clock;
  /** This app's version: recorded on every write, quoted in "save too new" messages. */
  readonly appVersion: string;
}

/**
 * Opens an existing save. Before anything may write to it, the file is judged read-only (header, application id,
 * format, quick_check): a foreign, damaged or too-new file is refused with `save_foreign`, `save_corrupt` or
 * `save_too_new` and left untouched. Then an older format is migrated, in one transaction.
 */
export async function openSave(path: string, options: StoreOptions): Promise<SaveStore> {
  readSaveChecked(path, { appVersion: options.appVersion, deep: true }, () => undefined);
  let sqlite: SqliteConnection | null = null;
  try {
    sqlite = openReadWrite(path);
    const migrated = await migrateToLatest(sqlite, path);
    if (migrated > 0) updateMeta(sqlite, { updatedAt: options.clock.now(), appVersion: options.appVersion });
    return new SqliteSaveStore({ sqlite, path, clock: options.clock, appVersion: options.appVersion });
  } catch (error) {
    sqlite?.close();
    throw toSaveError(error, path, 'open');
  }
}

/** Creates a new save at `path` (never overwriting a file) and opens it. */
export async function createSave(path: string, save: NewSave, options: StoreOptions): Promise<SaveStore> {
  const title = save.title.trim();
  if (title === '') throw new EngineError('invalid_params', 'A save needs a non-empty title.');
  const now = options.clock.now();
  const rngState = JSON.stringify(save.rngState);
  await buildSaveFile(path, (sqlite) =>
    transaction(sqlite, () => {
      markAsStoryloomSave(sqlite);
      insertMeta(sqlite, {
        id: 1,
        title,
        pack_id: save.packId,
        pack_version: save.packVersion,
        pack_content_hash: save.packContentHash,
        persona_id: save.personaId,
        rng_seed: save.rngSeed,
        rng_initial_state: rngState,
        rng_state: rngState,
        app_version: options.appVersion,
        forked_from: null,
        forked_at_turn: null,
        created_at: now,
        updated_at: now,
      });
    }),
  );
  return openSave(path, options);
}
