import Database from 'better-sqlite3';
import { existsSync, statSync } from 'node:fs';

export type SqliteConnection = Database.Database;
export type SqliteStatement = Database.Statement<unknown[]>;

/** A writable connection set up the way every save is used: WAL, NORMAL sync (durable at checkpoints), FKs on. */
export function openReadWrite(path: string): SqliteConnection {
  const sqlite = new Database(path);
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
  } catch (error) {
    sqlite.close();
    throw error;
  }
  return sqlite;
}

/** A connection that cannot write to the file (it cannot even checkpoint a leftover WAL into it). */
export function openReadOnly(path: string): SqliteConnection {
  return new Database(path, { readonly: true, fileMustExist: true });
}

/**
 * A connection for reading a file that must not change. Reads never write, so the only write a connection can make
 * on its own is checkpointing WAL frames into the file when it closes; with an empty or no WAL a plain connection is
 * used, because closing it also removes the -wal/-shm it created (a read-only one leaves them behind). Without the
 * WAL setup of openReadWrite, which would rewrite the header of a file in rollback mode.
 */
export function openWithoutWriting(path: string): SqliteConnection {
  const wal = path + '-wal';
  const walHasFrames = existsSync(wal) && statSync(wal).size > 0;
  return walHasFrames ? openReadOnly(path) : new Database(path, { fileMustExist: true });
}

export function pragmaInteger(sqlite: SqliteConnection, name: string): number {
  const value = sqlite.pragma(name, { simple: true });
  if (typeof value !== 'number') throw new Error(`PRAGMA ${name} returned ${String(value)}, not a number`);
  return value;
}

export function pragmaText(sqlite: SqliteConnection, name: string): string {
  return String(sqlite.pragma(name, { simple: true }));
}
