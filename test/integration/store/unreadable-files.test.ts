import { closeSync, openSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineError, type ErrorCode } from '../../../engine/api/errors.ts';
import { createSave, LATEST_SAVE_FORMAT, openSave, STORYLOOM_APPLICATION_ID } from '../../../engine/store/index.ts';
import { companionsOf, fileHash, NEW_SAVE, sampleTurn, storeOptions, tempDirs } from './helpers.ts';

const dirs = tempDirs();
afterEach(dirs.cleanup);

/** Bytes that look like nothing in particular (a fixed LCG: the test is reproducible). */
function noise(length: number, seed = 7): Buffer {
  const bytes = Buffer.alloc(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    bytes[i] = x >>> 16;
  }
  return bytes;
}

async function realSave(turns = 20): Promise<string> {
  const path = join(dirs.make(), 'real.storyloom');
  const store = await createSave(path, NEW_SAVE, storeOptions());
  for (let n = 1; n <= turns; n++) store.commitTurn(sampleTurn(n));
  store.close();
  return path;
}

function overwrite(path: string, offset: number, bytes: Buffer): void {
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, bytes, 0, bytes.length, offset);
  } finally {
    closeSync(fd);
  }
}

function plainSqlite(path: string, setup: string): string {
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.exec(setup);
  sqlite.close();
  return path;
}

/** Opens the file, expects the given refusal, and checks the file was left byte for byte as it was. */
async function expectRefused(path: string, code: ErrorCode, message?: RegExp | string): Promise<EngineError> {
  const hash = fileHash(path);
  const error: unknown = await openSave(path, storeOptions()).then(
    (store) => {
      store.close();
      return null;
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  const engineError = error instanceof EngineError ? error : new EngineError('internal', 'unreachable');
  expect(engineError.code).toBe(code);
  expect(engineError.message).toContain(path);
  if (message !== undefined) expect(engineError.message).toMatch(message);
  expect(fileHash(path), 'the file must be left untouched').toBe(hash);
  expect(companionsOf(path), 'no -wal/-shm left behind').toEqual([]);
  return engineError;
}

describe('opening a file that is not a sound Storyloom save', () => {
  it('refuses random bytes as save_corrupt, naming the file', async () => {
    const path = join(dirs.make(), 'noise.storyloom');
    writeFileSync(path, noise(8192));
    await expectRefused(path, 'save_corrupt', /not a Storyloom save.*SQLite header/);
  });

  it('refuses an empty file and a text file as save_corrupt', async () => {
    const dir = dirs.make();
    writeFileSync(join(dir, 'empty.storyloom'), '');
    writeFileSync(join(dir, 'notes.storyloom'), 'Dear diary, today I played a game.\n'.repeat(50));
    await expectRefused(join(dir, 'empty.storyloom'), 'save_corrupt', /empty/);
    await expectRefused(join(dir, 'notes.storyloom'), 'save_corrupt');
  });

  it('refuses a truncated save as save_corrupt', async () => {
    const path = await realSave();
    const size = statSync(path).size;
    truncateSync(path, size / 2 - ((size / 2) % 4096));
    await expectRefused(path, 'save_corrupt', /truncated/);
    truncateSync(path, 5000);
    await expectRefused(path, 'save_corrupt');
  });

  it('refuses a torn header as save_corrupt', async () => {
    const path = await realSave();
    overwrite(path, 16, noise(40, 3));
    await expectRefused(path, 'save_corrupt', /damaged/);
  });

  it('refuses damaged pages behind a sound header as save_corrupt (quick_check)', async () => {
    const path = await realSave(60);
    const size = statSync(path).size;
    // Keep page 1 (header and schema) intact, scribble over everything after it.
    overwrite(path, 4096, noise(size - 4096, 11));
    await expectRefused(path, 'save_corrupt', /damaged/);
  });

  it('refuses an SQLite database of another application as save_foreign', async () => {
    const dir = dirs.make();
    const plain = plainSqlite(join(dir, 'plain.storyloom'), 'create table notes(text); insert into notes values (1);');
    const geo = plainSqlite(join(dir, 'geo.storyloom'), 'pragma application_id = 1196444487; create table t(x);');
    await expectRefused(plain, 'save_foreign', /not a Storyloom save \(application id 0\)/);
    await expectRefused(geo, 'save_foreign', /application id 1196444487/);
  });

  it('refuses a Storyloom-stamped file without save metadata as save_corrupt', async () => {
    const path = plainSqlite(
      join(dirs.make(), 'stamped.storyloom'),
      `pragma application_id = ${STORYLOOM_APPLICATION_ID};`,
    );
    await expectRefused(path, 'save_corrupt', /no save metadata/);
  });

  it('refuses a save written by a newer Storyloom as save_too_new, saying what to do', async () => {
    const path = await realSave(1);
    plainSqlite(path, "pragma user_version = 9; update save_meta set app_version = '0.4.0';");
    const error = await expectRefused(path, 'save_too_new');
    expect(error.message).toBe(
      `${path} was written by a newer Storyloom (save format 9, app 0.4.0); this version (0.1.0) reads up to ` +
        `format ${LATEST_SAVE_FORMAT} — update Storyloom to open it.`,
    );
    expect(error.details).toMatchObject({ format: 9, supportedFormat: LATEST_SAVE_FORMAT, writtenBy: '0.4.0' });
  });

  it('says not_found for a missing file', async () => {
    await expect(openSave(join(dirs.make(), 'missing.storyloom'), storeOptions())).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
