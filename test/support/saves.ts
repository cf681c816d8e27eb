import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Clock } from '../../engine/platform/ports.ts';
import { manualClock } from '../../engine/platform/testing.ts';
import { openSave, type NewCheckpoint, type SaveAccess, type SaveStore } from '../../engine/store/index.ts';
import { APP_VERSION } from './packs.ts';

export function storeOptions(clock: Clock = manualClock()): { clock: Clock; appVersion: string } {
  return { clock, appVersion: APP_VERSION };
}

/**
 * Opens a save file as the tests do: a manual clock, the tests' app version; for reading unless told (an engine of the
 * test may be playing it, and holds its writer lock).
 */
export function openTestSave(file: string, access: SaveAccess = 'read'): Promise<SaveStore> {
  return openSave(file, storeOptions(), access);
}

/** A fresh temp folder (named `<prefix>…`) per `make`; `cleanup` removes every folder made so far. */
export function tempFolders(prefix: string): { make: () => string; cleanup: () => void } {
  const made: string[] = [];
  return {
    make: () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
      made.push(dir);
      return dir;
    },
    cleanup: () => {
      for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Commits one more turn that only writes `checkpoints`, as a scene boundary (or a test standing in for one) would. */
export function commitCheckpoints(store: SaveStore, command: string, checkpoints: readonly NewCheckpoint[]) {
  return store.commitTurn({
    input: JSON.stringify({ command }),
    startedAt: 0,
    durationMs: 0,
    messages: [],
    rngState: store.meta().rngState,
    checkpoints,
  });
}
