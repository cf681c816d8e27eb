import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../../../engine/host/index.ts';
import { rootsFor } from '../../../engine/platform/index.ts';
import { countingIds, fixedSeedRng, manualClock } from '../../../engine/platform/testing.ts';
import { openSave, SaveLibrary } from '../../../engine/store/index.ts';
import { STORIES_DIR } from '../../support/playthrough.ts';
import { APP_VERSION, NEW_SAVE, storeOptions, tempDirs, testClock } from './helpers.ts';

const dirs = tempDirs();
afterEach(dirs.cleanup);

/** What an /undo killed mid-fork leaves: the half-built fork with its companions; and a deleted save's companions. */
function litter(folder: string): void {
  for (const name of ['fork-x.storyloom.partial', 'fork-x.storyloom.partial-wal', 'fork-x.storyloom.partial-shm']) {
    writeFileSync(join(folder, name), 'half a fork');
  }
  writeFileSync(join(folder, 'gone.storyloom-wal'), '');
  writeFileSync(join(folder, 'gone.storyloom-shm'), '');
}

describe('leftovers of a crash in the saves folder', () => {
  it('are cleared: a half-built fork with its -wal/-shm, and companions of saves that are gone', async () => {
    const folder = join(dirs.make(), 'saves');
    const library = new SaveLibrary({ folder, clock: testClock(), appVersion: APP_VERSION });
    const { id } = await library.create(NEW_SAVE);
    litter(folder);
    // A save open right now keeps its -wal (it may hold turns not yet in the main file).
    const open = await openSave(join(folder, id), storeOptions());
    open.commitTurn({ input: 'x', startedAt: 0, durationMs: 0, messages: [], rngState: [1, 2, 3, 4] });

    expect(library.clearLeftovers()).toEqual([
      'fork-x.storyloom.partial',
      'fork-x.storyloom.partial-shm',
      'fork-x.storyloom.partial-wal',
      'gone.storyloom-shm',
      'gone.storyloom-wal',
    ]);
    expect(readdirSync(folder).sort()).toEqual([id, `${id}-shm`, `${id}-wal`, `${id}.lock`]);
    open.close();
  });

  it('leaves a save another writer is building (its lock is held) alone', async () => {
    const folder = join(dirs.make(), 'saves');
    const library = new SaveLibrary({ folder, clock: testClock(), appVersion: APP_VERSION });
    const { id } = await library.create(NEW_SAVE);
    const building = await openSave(join(folder, id), storeOptions());
    writeFileSync(join(folder, `${id}.partial`), 'an export being written');
    expect(library.clearLeftovers()).toEqual([]);
    building.close();
    expect(library.clearLeftovers()).toEqual([`${id}.partial`]);
  });

  it('are cleared when the engine starts', async () => {
    const home = dirs.make();
    const folder = join(home, 'saves');
    await new SaveLibrary({ folder, clock: testClock(), appVersion: APP_VERSION }).create(NEW_SAVE);
    litter(folder);
    const engine = await createEngine({
      ports: { clock: manualClock(), ids: countingIds(), rng: fixedSeedRng(), roots: rootsFor(home, STORIES_DIR) },
      appVersion: APP_VERSION,
      platform: 'linux',
    });
    await engine.dispose();
    expect(readdirSync(folder).filter((name) => name.includes('fork-x') || name.startsWith('gone'))).toEqual([]);
  });
});
