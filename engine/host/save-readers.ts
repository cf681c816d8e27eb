import type { SaveLibrary, SaveStore } from '../store/index.ts';
import type { Sessions } from './sessions.ts';

interface Reader {
  readonly store: Promise<SaveStore>;
  /** Reads under way: a reader is never closed under one. */
  users: number;
}

/**
 * Saves the host reads without playing them (history pages, debug views of a save not open for play), each kept open
 * for reading after its first read: the file's integrity is checked once, when it is opened, and every later read
 * reuses the connection. A reader holds no lock, so another process may write the save meanwhile (and the reader sees
 * its commits). The least recently used idle readers beyond `limit` are closed.
 */
export class SaveReaders {
  readonly #library: SaveLibrary;
  readonly #limit: number;
  readonly #readers = new Map<string, Reader>();

  constructor(library: SaveLibrary, limit = 4) {
    this.#library = library;
    this.#limit = limit;
  }

  async use<T>(id: string, read: (store: SaveStore) => T | Promise<T>): Promise<T> {
    let reader = this.#readers.get(id);
    if (reader === undefined) {
      reader = { store: this.#library.read(id), users: 0 };
      this.#readers.set(id, reader);
      const opening = reader;
      opening.store.catch(() => {
        if (this.#readers.get(id) === opening) this.#readers.delete(id);
      });
    } else {
      // Most recently used last.
      this.#readers.delete(id);
      this.#readers.set(id, reader);
    }
    reader.users++;
    try {
      return await read(await reader.store);
    } finally {
      reader.users--;
      await this.#trim();
    }
  }

  /** Closes the save's reader (before it is deleted). */
  async close(id: string): Promise<void> {
    const reader = this.#readers.get(id);
    this.#readers.delete(id);
    (await reader?.store.catch(() => null))?.close();
  }

  async closeAll(): Promise<void> {
    for (const id of [...this.#readers.keys()]) await this.close(id);
  }

  async #trim(): Promise<void> {
    for (const [id, reader] of this.#readers) {
      if (this.#readers.size <= this.#limit) return;
      if (reader.users === 0) await this.close(id);
    }
  }
}

/** Runs a read of a save: handlers that only read take one of these. */
export type SaveReading = <T>(id: string, read: (store: SaveStore) => T | Promise<T>) => Promise<T>;

/** A save being played here is read through its session's store; any other through a reader kept open. */
export function readingThrough(sessions: Sessions, readers: SaveReaders): SaveReading {
  return async (id, read) => {
    const playing = await sessions.storeOf(id);
    return playing === null ? readers.use(id, read) : read(playing);
  };
}
