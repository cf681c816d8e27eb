import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { EngineError } from '../api/index.ts';
import { STORYLOOM_APPLICATION_ID } from './constants.ts';
import { existingCompanions, removeEmptyCompanionsCreatedSince } from './file-ops.ts';
import { LATEST_SAVE_FORMAT } from './migrations/index.ts';
import {
  openReadOnly,
  openWithoutWriting,
  pragmaInteger,
  pragmaText,
  type SqliteConnection,
} from './sqlite/connection.ts';
import { toSaveError } from './sqlite/errors.ts';
import { readSqliteHeader, SQLITE_HEADER_BYTES } from './sqlite/header.ts';

/**
 * Judges a file before anything writes to it. The first 100 bytes settle most cases (not SQLite, torn or truncated
 * header, foreign application id, newer format) without SQLite touching the file; the rest is checked over a
 * connection that does not write.
 */

export interface InspectOptions {
  readonly appVersion: string;
  /** Also run `PRAGMA quick_check` (reads every page: done on open and export, skipped when listing). */
  readonly deep: boolean;
}

export function checkSaveHeader(path: string, appVersion: string): void {
  const verdict = readSqliteHeader(...readHead(path));
  if (verdict.kind === 'not_sqlite') {
    throw new EngineError('save_corrupt', `${path} is not a Storyloom save: ${verdict.reason}.`, { path });
  }
  if (verdict.kind === 'damaged') {
    throw new EngineError('save_corrupt', `Save file ${path} is damaged: ${verdict.reason}.`, { path });
  }
  checkIdentity(path, verdict.header.applicationId, verdict.header.userVersion, appVersion, null);
}

/** Checks the save, hands a connection to `read` (which must not write), and closes it afterwards. */
export function readSaveChecked<T>(path: string, options: InspectOptions, read: (sqlite: SqliteConnection) => T): T {
  checkSaveHeader(path, options.appVersion);
  const companions = existingCompanions(path);
  let sqlite: SqliteConnection;
  try {
    // quick_check reads every page: a read-only connection does it markedly faster than a writable one.
    sqlite = options.deep ? openReadOnly(path) : openWithoutWriting(path);
  } catch (error) {
    throw toSaveError(error, path, 'open');
  }
  try {
    verifyOpenSave(path, sqlite, options);
    return read(sqlite);
  } catch (error) {
    throw toSaveError(error, path, 'read');
  } finally {
    sqlite.close();
    // A read-only connection cannot remove the -wal/-shm it created; leave the folder as it was found.
    if (options.deep) removeEmptyCompanionsCreatedSince(path, companions);
  }
}

function verifyOpenSave(path: string, sqlite: SqliteConnection, options: InspectOptions): void {
  // The header in the main file can be older than the WAL's copy of page 1: ask SQLite again.
  const applicationId = pragmaInteger(sqlite, 'application_id');
  const format = pragmaInteger(sqlite, 'user_version');
  checkIdentity(path, applicationId, format, options.appVersion, sqlite);
  if (options.deep) {
    const verdict = pragmaText(sqlite, 'quick_check');
    if (verdict !== 'ok') {
      throw new EngineError('save_corrupt', `Save file ${path} is damaged: ${verdict}.`, { path });
    }
  }
  const hasMetaTable = sqlite
    .prepare("select count(*) from sqlite_master where type = 'table' and name = 'save_meta'")
    .pluck()
    .get();
  if (hasMetaTable !== 1 || sqlite.prepare('select count(*) from save_meta').pluck().get() !== 1) {
    throw new EngineError('save_corrupt', `Save file ${path} is damaged: it has no save metadata.`, { path });
  }
}

function checkIdentity(
  path: string,
  applicationId: number,
  format: number,
  appVersion: string,
  sqlite: SqliteConnection | null,
): void {
  if (applicationId !== STORYLOOM_APPLICATION_ID) {
    throw new EngineError(
      'save_foreign',
      `${path} is an SQLite database but not a Storyloom save (application id ${applicationId}).`,
      { path, applicationId },
    );
  }
  if (format > LATEST_SAVE_FORMAT) {
    const writer = sqlite === null ? readWriterVersion(path) : writerVersionOf(sqlite);
    throw new EngineError(
      'save_too_new',
      `${path} was written by a newer Storyloom (save format ${format}, app ${writer}); this version ` +
        `(${appVersion}) reads up to format ${LATEST_SAVE_FORMAT} — update Storyloom to open it.`,
      { path, format, supportedFormat: LATEST_SAVE_FORMAT, writtenBy: writer },
    );
  }
}

/** Best effort: the newer format may have moved things, so any failure just says "unknown". */
function readWriterVersion(path: string): string {
  try {
    const sqlite = openWithoutWriting(path);
    try {
      return writerVersionOf(sqlite);
    } finally {
      sqlite.close();
    }
  } catch {
    return 'unknown';
  }
}

function writerVersionOf(sqlite: SqliteConnection): string {
  try {
    const version: unknown = sqlite.prepare('select app_version from save_meta').pluck().get();
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}

function readHead(path: string): [Uint8Array, number] {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? error.code : undefined;
    if (code === 'ENOENT') throw new EngineError('not_found', `No save file at ${path}.`, { path });
    throw toSaveError(error, path, 'read');
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new EngineError('save_corrupt', `${path} is not a file.`, { path });
    const head = new Uint8Array(SQLITE_HEADER_BYTES);
    const read = readSync(fd, head, 0, SQLITE_HEADER_BYTES, 0);
    return [head.subarray(0, read), stat.size];
  } finally {
    closeSync(fd);
  }
}
