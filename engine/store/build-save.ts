import { sql } from 'kysely';
import { STORYLOOM_APPLICATION_ID } from './constants.ts';
import { moveNoClobber, partialPathFor, refuseExisting, removeDatabaseFiles } from './file-ops.ts';
import { migrateToLatest } from './migrate.ts';
import type { Clock } from '../platform/index.ts';
import { acquireSaveLock, removeLockFile } from './save-lock.ts';
import { openReadWrite, type SqliteConnection } from './sqlite/connection.ts';
import { toSaveError } from './sqlite/errors.ts';
import { run } from './sqlite/exec.ts';
import { raw } from './sqlite/query-builder.ts';

/**
 * Builds a new save file: migrates an empty database under a `.partial` name, lets `write` fill it, closes it (which
 * checkpoints the WAL into the file) and only then moves it to `path`. A crash at any point leaves no half-made save,
 * only a `.partial` that the library clears away on start. The new save's writer lock is held while it is built, which
 * is how that clean-up tells a crash's leftover from a save another process is building right now.
 */
export async function buildSaveFile(
  path: string,
  clock: Clock,
  write: (sqlite: SqliteConnection) => void,
): Promise<void> {
  refuseExisting(path);
  const lock = acquireSaveLock(path, clock);
  try {
    await buildLocked(path, write);
  } catch (error) {
    lock.release();
    removeLockFile(path);
    throw error;
  }
  lock.release();
}

async function buildLocked(path: string, write: (sqlite: SqliteConnection) => void): Promise<void> {
  const partial = partialPathFor(path);
  // A leftover from a crash is ours to discard: no save is ever called *.partial.
  removeDatabaseFiles(partial);
  let sqlite: SqliteConnection | null = null;
  try {
    sqlite = openReadWrite(partial);
    await migrateToLatest(sqlite, partial);
    write(sqlite);
    sqlite.close();
    sqlite = null;
    moveNoClobber(partial, path);
  } catch (error) {
    sqlite?.close();
    removeDatabaseFiles(partial);
    throw toSaveError(error, path, 'create');
  }
}

/** Stamps the file as a Storyloom save; call it in the transaction that writes `save_meta`. */
export function markAsStoryloomSave(sqlite: SqliteConnection): void {
  // PRAGMA takes no bound parameters; the id is our own constant.
  run(sqlite, raw(sql.raw(`pragma application_id = ${STORYLOOM_APPLICATION_ID}`)));
}
