import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineError } from '../../../engine/api/errors.ts';
import { openSave, SaveLibrary } from '../../../engine/store/index.ts';
import { APP_VERSION, companionsOf, NEW_SAVE, sampleTurn, storeOptions, tempDirs, testClock } from './helpers.ts';

const dirs = tempDirs();
afterEach(dirs.cleanup);

function library(folder = join(dirs.make(), 'saves')): SaveLibrary {
  return new SaveLibrary({ folder, clock: testClock(), appVersion: APP_VERSION });
}

describe('SaveLibrary', () => {
  it('lists nothing for a folder that does not exist yet, and creates it on the first save', async () => {
    const saves = library();
    expect(saves.list()).toEqual({ saves: [], unreadable: [] });
    const created = await saves.create(NEW_SAVE);
    expect(created).toMatchObject({
      id: expect.stringMatching(/^the-lost-tower-[a-z0-9]+\.storyloom$/),
      path: join(saves.folder, created.id),
      title: 'The Lost Tower',
      packId: 'lost-tower',
      packVersion: '1.2.0',
      packContentHash: 'sha256:abc',
      appVersion: APP_VERSION,
      turnCount: 0,
      messageCount: 0,
    });
    // Beside the save, only its lock file (kept: see save-lock.ts).
    expect(readdirSync(saves.folder).sort()).toEqual([created.id, `${created.id}.lock`]);
  });

  it('never reuses a file name for two saves with the same title', async () => {
    const saves = new SaveLibrary({
      folder: dirs.make(),
      clock: { now: () => 1, monotonic: () => 1 },
      appVersion: '1',
    });
    const a = await saves.create(NEW_SAVE);
    const b = await saves.create(NEW_SAVE);
    expect(a.id).not.toBe(b.id);
    expect(saves.list().saves).toHaveLength(2);
  });

  it('lists readable saves with their summary and bad files with their reason, without throwing', async () => {
    const saves = library();
    const good = await saves.create(NEW_SAVE);
    const store = await saves.open(good.id);
    store.commitTurn(sampleTurn(1));
    store.close();
    writeFileSync(join(saves.folder, 'broken.storyloom'), 'not a database at all'.repeat(20));
    writeFileSync(join(saves.folder, 'notes.txt'), 'ignored: not a save');
    const foreign = new Database(join(saves.folder, 'other-app.storyloom'));
    foreign.exec('create table t(x)');
    foreign.close();
    const listing = saves.list();
    expect(listing.saves).toEqual([expect.objectContaining({ id: good.id, turnCount: 1, messageCount: 8 })]);
    expect(listing.unreadable).toEqual([
      {
        id: 'broken.storyloom',
        path: join(saves.folder, 'broken.storyloom'),
        error: { code: 'save_corrupt', message: expect.stringContaining('broken.storyloom') },
      },
      {
        id: 'other-app.storyloom',
        path: join(saves.folder, 'other-app.storyloom'),
        error: { code: 'save_foreign', message: expect.stringContaining('not a Storyloom save') },
      },
    ]);
    // Listing reads without leaving companion files behind.
    expect(companionsOf(good.path)).toEqual([]);
  });

  it('renames a save: the title changes, the id stays', async () => {
    const saves = library();
    const { id } = await saves.create(NEW_SAVE);
    const renamed = await saves.rename(id, 'Into the Vault');
    expect(renamed).toMatchObject({ id, title: 'Into the Vault' });
    expect(saves.list().saves.map((s) => [s.id, s.title])).toEqual([[id, 'Into the Vault']]);
  });

  it('deletes a save with its -wal and -shm', async () => {
    const saves = library();
    const { id, path } = await saves.create(NEW_SAVE);
    const store = await saves.open(id);
    store.commitTurn(sampleTurn(1));
    expect(companionsOf(path)).toEqual(['-wal', '-shm']);
    store.close();
    writeFileSync(path + '-wal', '');
    saves.delete(id);
    expect(existsSync(path)).toBe(false);
    expect(companionsOf(path)).toEqual([]);
    expect(() => saves.delete(id)).toThrow(expect.objectContaining({ code: 'not_found' }));
  });

  it('exports a consistent copy, even while the save is open, that opens with the same messages', async () => {
    const saves = library();
    const { id } = await saves.create(NEW_SAVE);
    const store = await saves.open(id);
    for (let n = 1; n <= 3; n++) store.commitTurn(sampleTurn(n));
    const dest = join(dirs.make(), 'backup.storyloom');
    expect(saves.export(id, dest)).toBe(dest);
    store.commitTurn(sampleTurn(4));
    const copy = await openSave(dest, storeOptions());
    expect(copy.lastMessages(100)).toEqual(store.lastMessages(100).slice(0, 24));
    expect(copy.meta().rngState).toEqual([3, 4, 5, 6]);
    expect(copy.summary()).toMatchObject({ turnCount: 3, messageCount: 24, title: 'The Lost Tower' });
    copy.close();
    store.close();
    expect(() => saves.export(id, dest)).toThrow(expect.objectContaining({ code: 'already_exists' }));
  });

  it('exports from an open store too', async () => {
    const saves = library();
    const { id } = await saves.create(NEW_SAVE);
    const store = await saves.open(id);
    store.commitTurn(sampleTurn(1));
    const dest = join(dirs.make(), 'copy.storyloom');
    store.exportTo(dest);
    store.close();
    const copy = await openSave(dest, storeOptions());
    expect(copy.messageCount()).toBe(8);
    copy.close();
  });

  it('forks a save up to a turn into a new save in the folder', async () => {
    const saves = library();
    const { id } = await saves.create(NEW_SAVE);
    const store = await saves.open(id);
    for (let n = 1; n <= 3; n++) store.commitTurn(sampleTurn(n));
    store.close();
    const fork = await saves.fork(id, { uptoTurn: 2 });
    expect(fork).toMatchObject({ title: 'The Lost Tower (turn 2)', turnCount: 2, messageCount: 16 });
    expect(fork.id).not.toBe(id);
    const named = await saves.fork(id, { uptoTurn: 1, title: 'Branch' });
    expect(named).toMatchObject({ title: 'Branch', turnCount: 1 });
    expect(saves.list().saves).toHaveLength(3);
  });

  it('refuses ids that are not plain save file names in the folder', async () => {
    const saves = library();
    await saves.create(NEW_SAVE);
    for (const id of ['../outside.storyloom', '/etc/passwd', 'sub/x.storyloom', '..', 'x.db']) {
      await expect(saves.open(id)).rejects.toMatchObject({ code: 'invalid_params' });
      expect(() => saves.delete(id)).toThrow(EngineError);
      expect(() => saves.export(id, join(dirs.make(), 'x.storyloom'))).toThrow(EngineError);
    }
    await expect(saves.open('missing.storyloom')).rejects.toMatchObject({ code: 'not_found' });
  });
});
