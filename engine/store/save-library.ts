import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SaveListing, SaveSummary, UnreadableSave } from '../api/index.ts';
import { errorMessage, EngineError } from '../api/index.ts';
import type { Clock } from '../platform/index.ts';
import { SAVE_FILE_EXTENSION } from './constants.ts';
import { exportDatabase } from './export-save.ts';
import { isSaveId, saveFileName } from './file-names.ts';
import { partialPathFor, removeDatabaseFiles } from './file-ops.ts';
import { acquireSaveLock, LOCK_FILE_SUFFIX, removeLockFile, type SaveLock } from './save-lock.ts';
import { forkSave, type ForkOptions } from './fork-save.ts';
import { readSaveChecked } from './inspect.ts';
import { createSave, openSave, type StoreOptions } from './open-save.ts';
import { readSummary } from './repos/summary.ts';
import type { SaveStore } from './save-store.ts';
import type { NewSave } from './types.ts';

export interface SaveLibraryOptions {
  /** The saves folder; created on the first save. */
  readonly folder: string;
  readonly clock: Clock;
  readonly appVersion: string;
}

/** Name collisions tolerated before giving up (each retry adds a counter to the file name). */
const MAX_NAME_ATTEMPTS = 100;

/** The saves folder: every `*.storyloom` file in it, addressed by file name. */
export class SaveLibrary {
  readonly folder: string;
  readonly #options: StoreOptions;

  constructor(options: SaveLibraryOptions) {
    this.folder = options.folder;
    this.#options = { clock: options.clock, appVersion: options.appVersion };
  }

  /** Never throws for one bad file: it is listed under `unreadable` with the reason. Newest first. */
  list(): SaveListing {
    const saves: SaveSummary[] = [];
    const unreadable: UnreadableSave[] = [];
    for (const id of this.#saveFileNames()) {
      const path = join(this.folder, id);
      try {
        const readOnly = { appVersion: this.#options.appVersion, deep: false };
        saves.push(readSaveChecked(path, readOnly, (sqlite) => readSummary(sqlite, path)));
      } catch (error) {
        // Deleted between listing the folder and reading it: simply no longer there.
        if (error instanceof EngineError && error.code === 'not_found') continue;
        unreadable.push({ id, path, error: unreadableReason(error) });
      }
    }
    saves.sort((a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id));
    unreadable.sort((a, b) => a.id.localeCompare(b.id));
    return { saves, unreadable };
  }

  async create(save: NewSave): Promise<SaveSummary> {
    mkdirSync(this.folder, { recursive: true });
    const now = this.#options.clock.now();
    for (let attempt = 0; attempt < MAX_NAME_ATTEMPTS; attempt++) {
      const path = join(this.folder, saveFileName(save.title, now, attempt));
      if (existsSync(path)) continue;
      try {
        return withStore(await createSave(path, save, this.#options), (store) => store.summary());
      } catch (error) {
        // Another writer took the name between the check and the creation (or is building it): try the next one.
        if (error instanceof EngineError && (error.code === 'already_exists' || error.code === 'save_in_use')) continue;
        throw error;
      }
    }
    throw new EngineError('internal', `Could not find a free file name for "${save.title}" in ${this.folder}.`);
  }

  /** Opens the save for writing: its writer lock is held until the store is closed. */
  async open(id: string): Promise<SaveStore> {
    return openSave(this.#pathOf(id), this.#options, 'write');
  }

  /** Opens the save for reading only: it may be open for writing elsewhere. */
  async read(id: string): Promise<SaveStore> {
    return openSave(this.#pathOf(id), this.#options, 'read');
  }

  async rename(id: string, title: string): Promise<SaveSummary> {
    return withStore(await this.open(id), (store) => {
      store.rename(title);
      return store.summary();
    });
  }

  /**
   * Removes the save and its -wal/-shm companions and lock file; any `*.storyloom` file may be deleted, readable or not,
   * unless it is open for writing (`save_in_use`).
   */
  delete(id: string): void {
    const path = this.#existingPathOf(id);
    const lock = acquireSaveLock(path, this.#options.clock);
    try {
      removeDatabaseFiles(path);
    } finally {
      lock.release();
    }
    removeLockFile(path);
  }

  /**
   * Clears what a crash left behind: half-built saves (`*.partial`, e.g. an /undo killed mid-fork) with their -wal/-shm,
   * and -wal/-shm/lock files whose save no longer exists. A save being built or open right now (its writer lock held,
   * by this process or another) is left alone; so is every companion of an existing save (a -wal may hold its last
   * turns). Returns the names removed.
   */
  clearLeftovers(): string[] {
    if (!existsSync(this.folder)) return [];
    const names = readdirSync(this.folder);
    const present = new Set(names);
    const removed: string[] = [];
    for (const save of leftoverSaves(names, present)) {
      const path = join(this.folder, save);
      let lock: SaveLock;
      try {
        lock = acquireSaveLock(path, this.#options.clock);
      } catch {
        continue;
      }
      try {
        const before = new Set(readdirSync(this.folder));
        removeDatabaseFiles(partialPathFor(path));
        if (!existsSync(path)) removeDatabaseFiles(path);
        for (const name of before) if (!existsSync(join(this.folder, name))) removed.push(name);
      } finally {
        lock.release();
      }
      if (!existsSync(path)) {
        removeLockFile(path);
        if (present.has(save + LOCK_FILE_SUFFIX)) removed.push(save + LOCK_FILE_SUFFIX);
      }
    }
    return removed.sort();
  }

  /** A consistent copy at `destPath`, read-only on the source (an older format is copied as it is). Returns it. */
  export(id: string, destPath: string): string {
    const readOnly = { appVersion: this.#options.appVersion, deep: true };
    // An export goes wherever the player asks, into a folder that may not exist yet.
    mkdirSync(dirname(destPath), { recursive: true });
    readSaveChecked(this.#existingPathOf(id), readOnly, (sqlite) => exportDatabase(sqlite, destPath));
    return destPath;
  }

  /**
   * A new save in this folder holding the source's turns up to `uptoTurn`. The source is read only: an open store of it
   * (a play session's) may be given instead of its id.
   */
  async fork(from: string | SaveStore, fork: ForkOptions): Promise<SaveSummary> {
    const source = typeof from === 'string' ? await this.read(from) : from;
    try {
      const title = fork.title ?? `${source.meta().title} (turn ${fork.uptoTurn})`;
      const now = this.#options.clock.now();
      for (let attempt = 0; attempt < MAX_NAME_ATTEMPTS; attempt++) {
        const path = join(this.folder, saveFileName(title, now, attempt));
        if (existsSync(path)) continue;
        return withStore(await forkSave(source, path, { ...fork, title }, this.#options), (s) => s.summary());
      }
      throw new EngineError('internal', `Could not find a free file name for "${title}" in ${this.folder}.`);
    } finally {
      if (typeof from === 'string') source.close();
    }
  }

  #saveFileNames(): string[] {
    if (!existsSync(this.folder)) return [];
    return readdirSync(this.folder, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(SAVE_FILE_EXTENSION) && isSaveId(entry.name))
      .map((entry) => entry.name)
      .sort();
  }

  #pathOf(id: string): string {
    if (!isSaveId(id)) {
      throw new EngineError('invalid_params', `"${id}" is not a save id (a *${SAVE_FILE_EXTENSION} file name).`, {
        id,
      });
    }
    return join(this.folder, id);
  }

  #existingPathOf(id: string): string {
    const path = this.#pathOf(id);
    if (!existsSync(path)) throw new EngineError('not_found', `No save "${id}" in ${this.folder}.`, { id });
    return path;
  }
}

/**
 * The saves a leftover may belong to: `X.storyloom` of a `X.storyloom.partial` (with its companions), of a -wal/-shm
 * or of a lock file, when `X.storyloom` itself is missing or only the partial is in question.
 */
function leftoverSaves(names: readonly string[], present: ReadonlySet<string>): string[] {
  const saves = new Set<string>();
  for (const name of names) {
    const partial = name.match(/^(.+\.storyloom)\.partial(?:-wal|-shm|-journal)?$/u);
    if (partial?.[1] !== undefined) saves.add(partial[1]);
    const companion = name.match(/^(.+\.storyloom)(?:-wal|-shm|-journal|\.lock|\.lock-journal)$/u);
    if (companion?.[1] !== undefined && !present.has(companion[1])) saves.add(companion[1]);
  }
  return [...saves].filter((save) => isSaveId(save)).sort();
}

function withStore<T>(store: SaveStore, use: (store: SaveStore) => T): T {
  try {
    return use(store);
  } finally {
    store.close();
  }
}

function unreadableReason(error: unknown): UnreadableSave['error'] {
  if (error instanceof EngineError) {
    const { code } = error;
    if (code === 'save_corrupt' || code === 'save_foreign' || code === 'save_too_new') {
      return { code, message: error.message };
    }
  }
  const message = errorMessage(error);
  return { code: 'save_corrupt', message: `Could not read this save: ${message}` };
}
