import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { errorMessage, EngineError } from '../api/index.ts';
import type { Clock } from '../platform/index.ts';
import type { SqliteConnection } from './sqlite/connection.ts';

/**
 * One writer per save, across processes (the app, `storyloom serve`, the CLI). The lock is an operating-system file
 * lock: SQLite's write lock on a small companion database `<save>.lock`, taken with BEGIN IMMEDIATE and held in an open
 * transaction for as long as the save is open for writing. The operating system drops it when its process ends, however
 * it ends, so a crash never leaves a save locked. Readers (inspect, export) never touch it.
 *
 * The lock database also names its holder (pid, since) for the "open in Storyloom" message. A transaction that writes
 * the name ends the hold, so a writer names itself first, then takes the lock and checks the name is still its own;
 * a name left by a process that died is simply overwritten.
 */

export const LOCK_FILE_SUFFIX = '.lock';

export interface SaveLockHolder {
  readonly pid: number;
  /** When it took the lock (ms since the epoch). */
  readonly since: number;
}

export interface SaveLock {
  readonly path: string;
  /** Releases the lock (and clears the holder's name); idempotent. */
  release(): void;
}

/** How often a writer gives way to another process that has named itself but not yet taken the lock. */
const YIELDS = 8;
const ATTEMPTS = 40;
/** Makes each acquisition's name unique within this process (the pid makes it unique among live processes). */
let acquisitions = 0;

export function lockPathFor(savePath: string): string {
  return savePath + LOCK_FILE_SUFFIX;
}

/** Takes the save's writer lock, or throws `save_in_use` naming the process that holds it. */
export function acquireSaveLock(savePath: string, clock: Clock): SaveLock {
  const lockPath = lockPathFor(savePath);
  const sqlite = openLockDatabase(lockPath, savePath);
  const me = { pid: process.pid, since: clock.now(), token: `${process.pid}:${++acquisitions}` };
  let yielded = 0;
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (!tryBegin(sqlite)) {
        const holder = readHolder(sqlite);
        // Our own name with someone else holding: they took it between our naming and our taking; ask them who.
        if (holder !== null && holder.token === me.token) {
          pause(attempt);
          continue;
        }
        throw inUse(savePath, holder);
      }
      const named = readHolder(sqlite);
      if (named?.token === me.token) return heldLock(sqlite, lockPath);
      const another = named !== null && named.pid !== me.pid && isAlive(named.pid);
      if (another && yielded < YIELDS) {
        // A live process named itself and is about to take the lock: let it (a dead one's name is just overwritten).
        sqlite.exec('rollback');
        yielded++;
        pause(attempt);
        continue;
      }
      sqlite.exec(
        'create table if not exists holder (id integer primary key check (id = 1), pid integer not null, ' +
          'since integer not null, token text not null)',
      );
      sqlite
        .prepare('insert or replace into holder (id, pid, since, token) values (1, ?, ?, ?)')
        .run(me.pid, me.since, me.token);
      sqlite.exec('commit');
    }
  } catch (error) {
    sqlite.close();
    if (error instanceof EngineError) throw error;
    throw new EngineError(
      'internal',
      `Could not lock save ${savePath}: ${errorMessage(error)}`,
      { path: savePath },
      {
        cause: error,
      },
    );
  }
  sqlite.close();
  throw inUse(savePath, null);
}

/** Removes a lock file nobody holds (a deleted save's). */
export function removeLockFile(savePath: string): void {
  rmSync(lockPathFor(savePath), { force: true });
  rmSync(lockPathFor(savePath) + '-journal', { force: true });
}

function openLockDatabase(lockPath: string, savePath: string): SqliteConnection {
  try {
    // timeout 0: a held lock is answered at once, never waited for.
    return new Database(lockPath, { timeout: 0 });
  } catch (error) {
    throw new EngineError('internal', `Could not open the lock file of save ${savePath}: ${errorMessage(error)}`, {
      path: savePath,
    });
  }
}

function heldLock(sqlite: SqliteConnection, lockPath: string): SaveLock {
  let held = true;
  return {
    path: lockPath,
    release() {
      if (!held) return;
      held = false;
      try {
        // Clearing the name commits, which is what ends the hold.
        sqlite.exec('delete from holder');
        sqlite.exec('commit');
      } catch {
        // Closing the connection below ends the hold all the same; the name left behind names a finished process.
      } finally {
        sqlite.close();
      }
    },
  };
}

function tryBegin(sqlite: SqliteConnection): boolean {
  try {
    sqlite.exec('begin immediate');
    return true;
  } catch (error) {
    if (isBusy(error)) return false;
    throw error;
  }
}

interface NamedHolder extends SaveLockHolder {
  readonly token: string;
}

function readHolder(sqlite: SqliteConnection): NamedHolder | null {
  for (let attempt = 0; ; attempt++) {
    try {
      const exists = sqlite.prepare("select count(*) from sqlite_master where name = 'holder'").pluck().get();
      if (exists !== 1) return null;
      const row: unknown = sqlite.prepare('select pid, since, token from holder where id = 1').get();
      return isNamedHolder(row) ? row : null;
    } catch (error) {
      // The holder is committing its name this instant: ask again shortly.
      if (!isBusy(error) || attempt >= 20) throw error;
      pause(attempt);
    }
  }
}

function isNamedHolder(row: unknown): row is NamedHolder {
  return (
    typeof row === 'object' &&
    row !== null &&
    'pid' in row &&
    typeof row.pid === 'number' &&
    'since' in row &&
    typeof row.since === 'number' &&
    'token' in row &&
    typeof row.token === 'string'
  );
}

function inUse(savePath: string, holder: SaveLockHolder | null): EngineError {
  const who = holder === null ? 'another process' : `pid ${holder.pid}, since ${new Date(holder.since).toISOString()}`;
  return new EngineError(
    'save_in_use',
    `This save is open in Storyloom (${who}): ${savePath}. Close it there first; it can still be read (inspect, export).`,
    holder === null ? { path: savePath } : { path: savePath, pid: holder.pid, since: holder.since },
  );
}

/** Whether a process with this pid exists (signal 0 only checks; EPERM means it exists but is not ours). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

function isBusy(error: unknown): boolean {
  return (
    error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('SQLITE_BUSY')
  );
}

/** A short synchronous wait, a little longer each attempt, so two writers starting together fall out of step. */
function pause(attempt: number): void {
  const ms = 2 + Math.min(attempt, 10) * 2 + ((process.pid + attempt) % 5);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
