import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createSave, openSave, type SaveStore } from '../../../engine/store/index.ts';
import { NEW_SAVE, sampleTurn, storeOptions, tempDirs } from './helpers.ts';

const dirs = tempDirs();
const open: SaveStore[] = [];
afterEach(() => {
  for (const store of open.splice(0)) store.close();
  dirs.cleanup();
});

const STORE_INDEX = fileURLToPath(new URL('../../../engine/store/index.ts', import.meta.url));
const IN_USE = /^This save is open in Storyloom \(pid (\d+), since \d{4}-\d\d-\d\dT[\d:.]+Z\)/u;

async function newSavePath(): Promise<string> {
  const path = join(dirs.make(), 'quay.storyloom');
  (await createSave(path, NEW_SAVE, storeOptions())).close();
  return path;
}

async function keep(store: Promise<SaveStore>): Promise<SaveStore> {
  const opened = await store;
  open.push(opened);
  return opened;
}

/** The holder row of the lock file, as another process would read it. */
function namedHolder(savePath: string): { pid: number } | undefined {
  const lock = new Database(`${savePath}.lock`, { readonly: true });
  try {
    const row: unknown = lock.prepare('select pid from holder').get();
    return row as { pid: number } | undefined;
  } finally {
    lock.close();
  }
}

/** A pid no process has: one that just ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('one writer per save', () => {
  it('refuses a second writer with who holds the save and since when, and lets readers read meanwhile', async () => {
    const path = await newSavePath();
    const writer = await keep(openSave(path, storeOptions()));
    writer.commitTurn(sampleTurn(1));

    const refused: unknown = await openSave(path, storeOptions()).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'save_in_use', details: { pid: process.pid } });
    expect(String((refused as Error).message)).toMatch(IN_USE);

    const reader = await keep(openSave(path, storeOptions(), 'read'));
    expect(reader.summary().turnCount).toBe(1);
    writer.commitTurn(sampleTurn(2));
    // The reader sees the writer's commits as they land.
    expect(reader.summary().turnCount).toBe(2);
    expect(reader.writable).toBe(false);
    expect(() => reader.commitTurn(sampleTurn(3))).toThrow(/open for reading only/u);

    writer.close();
    const next = await keep(openSave(path, storeOptions()));
    expect(next.commitTurn(sampleTurn(3)).turn.number).toBe(3);
  });

  it('recovers the lock of a writer that was killed: the operating system released it, its name is overwritten', async () => {
    const path = await newSavePath();
    const script = `
      const { openSave } = await import(${JSON.stringify(STORE_INDEX)});
      await openSave(${JSON.stringify(path)}, { clock: { now: () => Date.now(), monotonic: () => 0 }, appVersion: '0.1.0' });
      process.stdout.write('held\\n');
      setInterval(() => undefined, 1000);
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('held')) resolve();
      });
      child.on('exit', () => reject(new Error(`the holder exited early: ${stderr}`)));
    });
    // While it lives, it holds the save.
    await expect(openSave(path, storeOptions())).rejects.toMatchObject({
      code: 'save_in_use',
      details: { pid: child.pid },
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(namedHolder(path)).toEqual({ pid: child.pid });

    const writer = await keep(openSave(path, storeOptions()));
    expect(writer.commitTurn(sampleTurn(1)).turn.number).toBe(1);
    expect(namedHolder(path)).toEqual({ pid: process.pid });
  });

  it('takes over a lock file naming a process that no longer exists', async () => {
    const path = await newSavePath();
    const lock = new Database(`${path}.lock`);
    lock.exec('create table if not exists holder (id integer primary key, pid integer, since integer, token text)');
    lock.prepare('insert or replace into holder values (1, ?, ?, ?)').run(deadPid(), 1, 'crashed');
    lock.close();

    const writer = await keep(openSave(path, storeOptions()));
    expect(namedHolder(path)).toEqual({ pid: process.pid });
    writer.close();
    // A clean close clears the name.
    expect(namedHolder(path)).toBeUndefined();
    expect(existsSync(`${path}.lock`)).toBe(true);
  });
});

describe('a commit on a save that moved on', () => {
  it('is refused with a clear error, not a raw constraint failure, and writes nothing', async () => {
    const path = await newSavePath();
    const store = await keep(openSave(path, storeOptions()));
    store.commitTurn(sampleTurn(1, { basedOnTurn: 0, ledger: [{ seq: 1, record: { kind: 'fact' } }] }));

    // A session that still believes the save has no turn.
    expect(() => store.commitTurn(sampleTurn(2, { basedOnTurn: 0 }))).toThrow(
      /changed while this turn was played \(it now has 1 turns, and this turn was played after turn 0\)/u,
    );
    // A session whose ledger is behind the save's.
    const stale = () => store.commitTurn(sampleTurn(2, { basedOnTurn: 1, ledger: [{ seq: 1, record: {} }] }));
    expect(stale).toThrow(/its event ledger already reaches entry 1, and this turn starts at 1/u);
    expect(stale).not.toThrow(/UNIQUE/u);
    expect(store.turns().map((turn) => turn.number)).toEqual([1]);
    expect(store.ledger().map((entry) => entry.seq)).toEqual([1]);

    expect(store.commitTurn(sampleTurn(2, { basedOnTurn: 1 })).turn.number).toBe(2);
  });
});
