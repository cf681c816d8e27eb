import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createSave } from '../../../engine/store/index.ts';
import { NEW_SAVE, sampleTurn, storeOptions, tempDirs } from './helpers.ts';

const dirs = tempDirs();
afterEach(dirs.cleanup);

async function saveWithOneTurn(): Promise<string> {
  const path = join(dirs.make(), 'a.storyloom');
  const store = await createSave(path, NEW_SAVE, storeOptions());
  store.commitTurn(sampleTurn(1, { checkpoint: { kind: 'scene', data: { location: 'tower' } } }));
  store.close();
  return path;
}

describe('history is append-only', () => {
  it('refuses UPDATE and DELETE on messages, even from outside the store', async () => {
    const sqlite = new Database(await saveWithOneTurn());
    try {
      expect(() => sqlite.exec("update messages set content = 'rewritten' where id = 1")).toThrow(
        'messages are append-only',
      );
      expect(() => sqlite.exec('delete from messages where id = 1')).toThrow('messages are append-only');
      expect(() => sqlite.exec('delete from messages')).toThrow('messages are append-only');
      expect(sqlite.prepare('select count(*) from messages').pluck().get()).toBe(8);
      expect(sqlite.prepare('select content from messages where id = 1').pluck().get()).toBe('Should I do thing 1?');
    } finally {
      sqlite.close();
    }
  });

  it.each(['turns', 'stage_calls', 'checkpoints'])('refuses UPDATE and DELETE on %s', async (table) => {
    const sqlite = new Database(await saveWithOneTurn());
    try {
      expect(() => sqlite.exec(`update ${table} set id = id`)).toThrow(`${table} are append-only`);
      expect(() => sqlite.exec(`delete from ${table}`)).toThrow(`${table} are append-only`);
    } finally {
      sqlite.close();
    }
  });
});
