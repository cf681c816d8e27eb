import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createSave, LATEST_SAVE_FORMAT, openSave, STORYLOOM_APPLICATION_ID } from '../../../engine/store/index.ts';
import { sql, type Kysely } from 'kysely';
import { migrateToLatest } from '../../../engine/store/migrate.ts';
import { MIGRATIONS, type StoreMigration } from '../../../engine/store/migrations/index.ts';
import { liveSchema, NEW_SAVE, sampleTurn, storeOptions, tempDirs } from './helpers.ts';

const SNAPSHOT = join(import.meta.dirname, '../../fixtures/store/schema.snapshot.sql');
const dirs = tempDirs();
afterEach(dirs.cleanup);

function pragmas(path: string): Record<string, unknown> {
  const sqlite = new Database(path, { readonly: true });
  try {
    const read = (name: string): unknown => sqlite.pragma(name, { simple: true });
    const migrations = sqlite.prepare('select name from kysely_migration order by name').pluck().all();
    return {
      application_id: read('application_id'),
      user_version: read('user_version'),
      journal_mode: read('journal_mode'),
      migrations,
    };
  } finally {
    sqlite.close();
  }
}

describe('migrations', () => {
  it('bring a new save to the latest format, stamped as a Storyloom save in WAL mode', async () => {
    const path = join(dirs.make(), 'new.storyloom');
    (await createSave(path, NEW_SAVE, storeOptions())).close();
    expect(pragmas(path)).toEqual({
      application_id: STORYLOOM_APPLICATION_ID,
      user_version: LATEST_SAVE_FORMAT,
      journal_mode: 'wal',
      migrations: MIGRATIONS.map((m) => m.name),
    });
  });

  it('are not run again on reopen, and the save keeps its format', async () => {
    const path = join(dirs.make(), 'new.storyloom');
    (await createSave(path, NEW_SAVE, storeOptions())).close();
    const store = await openSave(path, storeOptions());
    store.close();
    expect(pragmas(path)['user_version']).toBe(LATEST_SAVE_FORMAT);
    expect(pragmas(path)['migrations']).toHaveLength(MIGRATIONS.length);
  });

  it('are named in order, so kysely applies them in the order they were written', () => {
    const names = MIGRATIONS.map((m) => m.name);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
  });

  it('produce exactly the committed schema snapshot', async () => {
    const path = join(dirs.make(), 'new.storyloom');
    (await createSave(path, NEW_SAVE, storeOptions())).close();
    const snapshot = readFileSync(SNAPSHOT, 'utf8')
      .split('\n')
      .filter((line) => !line.startsWith('--'))
      .join('\n')
      .trimStart();
    expect(
      liveSchema(path),
      'The schema of a new save differs from test/fixtures/store/schema.snapshot.sql. Never edit a shipped ' +
        'migration: add a new one in engine/store/migrations/ (and list it in migrations/index.ts), then update the ' +
        'snapshot from a freshly created save.',
    ).toBe(snapshot);
  });

  describe('on a save of an older format', () => {
    async function freshSavePath(): Promise<string> {
      const path = join(dirs.make(), 'fresh.storyloom');
      (await createSave(path, NEW_SAVE, storeOptions())).close();
      return path;
    }

    /** A save of today's format holding one turn. */
    async function oneTurnSave(name: string): Promise<string> {
      const path = join(dirs.make(), name);
      const store = await createSave(path, NEW_SAVE, storeOptions());
      store.commitTurn(sampleTurn(1));
      store.close();
      return path;
    }

    const addBookmarks: StoreMigration = {
      name: '9999_bookmarks',
      up: async (db: Kysely<unknown>) => {
        await db.schema
          .createTable('bookmarks')
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .execute();
        await db.schema.alterTable('turns').addColumn('note', 'text').execute();
      },
    };

    it('apply only the missing migrations, additively, and record the new format', async () => {
      const path = await oneTurnSave('old.storyloom');
      const sqlite = new Database(path);
      try {
        expect(await migrateToLatest(sqlite, path, [...MIGRATIONS, addBookmarks])).toBe(1);
        expect(sqlite.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length + 1);
        expect(sqlite.prepare('select count(*) from messages').pluck().get()).toBe(8);
        expect(sqlite.prepare('select note from turns').pluck().all()).toEqual([null]);
        expect(await migrateToLatest(sqlite, path, [...MIGRATIONS, addBookmarks])).toBe(0);
      } finally {
        sqlite.close();
      }
    });

    it('bring a format-1 save up to date: its turns stay, and it gains the append-only event ledger', async () => {
      const path = await oneTurnSave('format-one.storyloom');
      const sqlite = new Database(path);
      try {
        // Rewind the file to format 1 as an older build left it: no ledger, one migration recorded.
        sqlite.exec(
          'drop table boundary_steps; drop table boundary_runs; drop table ledger; ' +
            "delete from kysely_migration where name <> '0001_initial'; pragma user_version = 1",
        );
        expect(await migrateToLatest(sqlite, path, MIGRATIONS)).toBe(MIGRATIONS.length - 1);
        expect(sqlite.prepare('select count(*) from turns').pluck().get()).toBe(1);
        expect(sqlite.prepare('select count(*) from ledger').pluck().get()).toBe(0);
        expect(() =>
          sqlite.exec(
            "insert into ledger (turn_id, seq, record, created_at) values (1, 1, '{}', 0); delete from ledger",
          ),
        ).toThrow(/append-only/);
      } finally {
        sqlite.close();
      }
    });

    it('bring a format-2 save up to date: its turns stay, and it gains the scene-boundary run tables', async () => {
      const path = await oneTurnSave('format-two.storyloom');
      const sqlite = new Database(path);
      try {
        sqlite.exec(
          'drop table boundary_steps; drop table boundary_runs; ' +
            "delete from kysely_migration where name in ('0003_boundary', '0004_after_turn'); pragma user_version = 2",
        );
        expect(await migrateToLatest(sqlite, path, MIGRATIONS)).toBe(2);
        expect(sqlite.prepare('select count(*) from turns').pluck().get()).toBe(1);
        expect(sqlite.prepare('select count(*) from boundary_runs').pluck().get()).toBe(0);
      } finally {
        sqlite.close();
      }
      expect(liveSchema(path)).toBe(liveSchema(await freshSavePath()));
    });

    it('bring a format-3 save up to date: its scene-boundary runs stay, marked as such', async () => {
      const path = await oneTurnSave('format-three.storyloom');
      const sqlite = new Database(path);
      try {
        sqlite.exec(
          'drop index boundary_runs_kind_status; alter table boundary_runs drop column kind; ' +
            "delete from kysely_migration where name = '0004_after_turn'; pragma user_version = 3; " +
            "insert into boundary_runs (turn_id, status, input, created_at) values (1, 'done', '{}', 0)",
        );
        expect(await migrateToLatest(sqlite, path, MIGRATIONS)).toBe(1);
        expect(sqlite.prepare('select kind from boundary_runs').pluck().all()).toEqual(['scene_boundary']);
        sqlite.exec('delete from boundary_runs');
      } finally {
        sqlite.close();
      }
      expect(liveSchema(path)).toBe(liveSchema(await freshSavePath()));
    });

    it('roll back a failing migration entirely, leaving the previous format', async () => {
      const path = await oneTurnSave('old.storyloom');
      const before = liveSchema(path);
      const failing: StoreMigration = {
        name: '9999_half_done',
        up: async (db: Kysely<unknown>) => {
          await db.schema.createTable('half').addColumn('x', 'integer').execute();
          await sql`select no_such_function()`.execute(db);
        },
      };
      const sqlite = new Database(path);
      try {
        await expect(migrateToLatest(sqlite, path, [...MIGRATIONS, failing])).rejects.toMatchObject({
          message: expect.stringMatching(
            new RegExp(`migration 9999_half_done failed.*left at format ${MIGRATIONS.length}`),
          ),
        });
        expect(sqlite.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
        expect(sqlite.prepare('select name from kysely_migration').pluck().all()).toEqual(
          MIGRATIONS.map((migration) => migration.name),
        );
      } finally {
        sqlite.close();
      }
      expect(liveSchema(path)).toBe(before);
    });
  });
});
