import { existsSync, linkSync, renameSync, rmSync, statSync } from 'node:fs';
import { EngineError } from '../api/index.ts';
import { PARTIAL_FILE_SUFFIX } from './constants.ts';

/** SQLite's companion files of a WAL database. */
const COMPANION_SUFFIXES = ['-wal', '-shm', '-journal'];

export function refuseExisting(path: string): void {
  if (existsSync(path)) throw new EngineError('already_exists', `A file already exists at ${path}.`, { path });
}

/** Where a save is built before it appears under its real name, so a crash never leaves a half-made save. */
export function partialPathFor(path: string): string {
  return path + PARTIAL_FILE_SUFFIX;
}

export function existingCompanions(path: string): string[] {
  return COMPANION_SUFFIXES.filter((suffix) => existsSync(path + suffix));
}

/**
 * Removes the -wal/-shm a read-only connection created and could not remove itself — only an empty WAL (no data in
 * it), and only companions that were not there before. Called right after closing, synchronously, so no other
 * connection of this process can have opened the file in between.
 */
export function removeEmptyCompanionsCreatedSince(path: string, before: readonly string[]): void {
  const wal = path + '-wal';
  if (before.includes('-wal') || (existsSync(wal) && statSync(wal).size > 0)) return;
  for (const suffix of ['-wal', '-shm']) if (!before.includes(suffix)) rmSync(path + suffix, { force: true });
}

/** Removes a database file and its companions (a no-op for those that do not exist). */
export function removeDatabaseFiles(path: string): void {
  for (const suffix of ['', ...COMPANION_SUFFIXES]) rmSync(path + suffix, { force: true });
}

/**
 * Moves a finished file into place without ever replacing an existing one: a hard link fails if the target exists
 * (rename would silently overwrite). File systems without hard links fall back to check-then-rename.
 */
export function moveNoClobber(from: string, to: string): void {
  try {
    linkSync(from, to);
    rmSync(from);
    return;
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? error.code : undefined;
    if (code === 'EEXIST') {
      removeDatabaseFiles(from);
      throw new EngineError('already_exists', `A file already exists at ${to}.`, { path: to });
    }
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV' && code !== 'ENOSYS') throw error;
  }
  refuseExisting(to);
  renameSync(from, to);
}
