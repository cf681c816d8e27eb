import { EngineError } from '../api/index.ts';
import type { Clock } from '../platform/index.ts';
import { buildSaveFile, markAsStoryloomSave } from './build-save.ts';
import { checkSaveHeader, readSaveChecked } from './inspect.ts';
import { LATEST_SAVE_FORMAT } from './migrations/index.ts';
import { acquireSaveLock, type SaveLock } from './save-lock.ts';
import { migrateToLatest } from './migrate.ts';
import { insertMeta, updateMeta } from './repos/meta.ts';
import { SqliteSaveStore, type SaveStore } from './save-store.ts';
import { openReadWrite, pragmaInteger, type SqliteConnection } from './sqlite/connection.ts';
import { toSaveError } from './sqlite/errors.ts';
import { transaction } from './sqlite/exec.ts';
import type { NewSave } from './types.ts';

export interface StoreOptions {
  readonly clock: Clock;
  /** This app's version: recorded on every write, quoted in "save too new" messages. */
  readonly appVersion: string;
}

/**
 * `write`: the one writer of the save, holding its writer lock until closed (a second is refused with `save_in_use`).
 * `read`: reads only, and may read a save another process is writing.
 */
export type SaveAccess = 'write' | 'read';

/**
 * Opens an existing save. Before anything may write to it, the file is judged read-only (header, application id,
 * format, quick_check — once, here, not on every read): a foreign, damaged or too-new file is refused with
 * `save_foreign`, `save_corrupt` or `save_too_new` and left untouched. Then an older format is migrated, in one
 * transaction, under the writer lock (a reader takes it only for that).
 */
export async function openSave(path: string, options: StoreOptions, access: SaveAccess = 'write'): Promise<SaveStore> {
  checkSaveHeader(path, options.appVersion);
  let lock: SaveLock | null = access === 'write' ? acquireSaveLock(path, options.clock) : null;
  let sqlite: SqliteConnection | null = null;
  try {
    readSaveChecked(path, { appVersion: options.appVersion, deep: true }, () => undefined);
    sqlite = openReadWrite(path);
    const format = pragmaInteger(sqlite, 'user_version');
    if (lock === null && format < LATEST_SAVE_FORMAT) lock = lockToMigrate(path, options, format);
    const migrated = await migrateToLatest(sqlite, path);
    if (migrated > 0) updateMeta(sqlite, { updatedAt: options.clock.now(), appVersion: options.appVersion });
    if (access === 'read' && lock !== null) {
      lock.release();
      lock = null;
    }
    return new SqliteSaveStore({ sqlite, path, clock: options.clock, appVersion: options.appVersion, lock });
  } catch (error) {
    sqlite?.close();
    lock?.release();
    throw toSaveError(error, path, 'open');
  }
}

/** A reader takes the writer lock only to migrate an older save, and only if nobody is writing it. */
function lockToMigrate(path: string, options: StoreOptions, format: number): SaveLock {
  try {
    return acquireSaveLock(path, options.clock);
  } catch (error) {
    if (!(error instanceof EngineError) || error.code !== 'save_in_use') throw error;
    throw new EngineError(
      'save_in_use',
      `${error.message} It is at an older save format (${format}), which this version can read only after ` +
        'migrating it, and that needs the save closed there.',
      error.details,
    );
  }
}

/** Creates a new save at `path` (never overwriting a file) and opens it. */
export async function createSave(path: string, save: NewSave, options: StoreOptions): Promise<SaveStore> {
  const title = save.title.trim();
  if (title === '') throw new EngineError('invalid_params', 'A save needs a non-empty title.');
  const now = options.clock.now();
  const rngState = JSON.stringify(save.rngState);
  await buildSaveFile(path, options.clock, (sqlite) =>
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
