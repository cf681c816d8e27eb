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

    const PROMPT = [
      { role: 'system', content: 'You are the narrator.' },
      { role: 'user', content: 'Sam stamps the mud off his boots.' },
    ];
    const CHECKPOINT = { scene: 2, present: ['kit-wickett'], note: 'é — “quoted”' };
    const RUN_INPUT = { version: 1, turn: 1, steps: ['deferred_events'] };

    /**
     * A save as an older build wrote it: only the first `format` migrations, and one turn written with that format's
     * own SQL (text prompts, checkpoints and run inputs), its message, stage call, checkpoint, ledger row and run.
     */
    async function saveAtFormat(format: number): Promise<string> {
      const path = join(dirs.make(), `format-${format}.storyloom`);
      const sqlite = new Database(path);
      try {
        sqlite.pragma('journal_mode = WAL');
        await migrateToLatest(sqlite, path, MIGRATIONS.slice(0, format));
        sqlite.pragma(`application_id = ${STORYLOOM_APPLICATION_ID}`);
        sqlite.exec(`insert into save_meta values (1, 'Old', 'lost-tower', '1.2.0', 'sha256:abc', 'ren', 42,
          '[1,2,3,4]', '[1,2,3,4]', '0.0.9', null, null, 0, 0)`);
        sqlite.exec(`insert into turns (id, number, status, input, started_at, finished_at, duration_ms, rng_state)
          values (1, 1, 'committed', 'I look around', 0, 0, 1, '[1,2,3,4]')`);
        sqlite.exec(`insert into messages (turn_id, seq, owner, type, content, created_at)
          values (1, 1, 'narrator', 'narration', 'The quay is wet.', 0)`);
        sqlite
          .prepare(
            `insert into stage_calls (turn_id, seq, stage, principal, provider, model, prompt, output, created_at)
             values (1, 1, 'narrator', 'world', 'scripted', 'tiny', ?, '{}', 0)`,
          )
          .run(JSON.stringify(PROMPT));
        sqlite
          .prepare(`insert into checkpoints (turn_id, created_at, kind, data) values (1, 0, 'play_state', ?)`)
          .run(JSON.stringify(CHECKPOINT));
        if (format >= 2) sqlite.exec(`insert into ledger (turn_id, seq, record, created_at) values (1, 1, '{}', 0)`);
        if (format >= 3) {
          sqlite
            .prepare(`insert into boundary_runs (turn_id, status, input, created_at) values (1, 'done', ?, 0)`)
            .run(JSON.stringify(RUN_INPUT));
          sqlite.exec(
            `insert into boundary_steps (run_id, step, status, output) values (1, 'deferred_events', 'done', '[]')`,
          );
        }
      } finally {
        sqlite.close();
      }
      return path;
    }

    /** Migrates through the store (as opening does) and reads the old turn back through it. */
    async function migratedContents(path: string) {
      const store = await openSave(path, storeOptions());
      try {
        return {
          turns: store.turns().map((turn) => turn.number),
          messages: store.messagesOfTurn(1).map((message) => message.content),
          prompt: store.stageCalls(1)[0]?.prompt,
          checkpoint: store.latestCheckpoint('play_state')?.data,
          runs: store.boundaryRunsOfTurn(1).map((run) => [run.kind, run.input]),
          steps: store.boundarySteps(1).map((step) => [step.step, step.status, step.output]),
          ledger: store.ledger().length,
        };
      } finally {
        store.close();
      }
    }

    for (const format of [1, 2, 3, 4]) {
      it(`bring a format-${format} save up to date, every row it held reading back the same`, async () => {
        const path = await saveAtFormat(format);
        expect(await migratedContents(path)).toEqual({
          turns: [1],
          messages: ['The quay is wet.'],
          prompt: PROMPT,
          checkpoint: CHECKPOINT,
          runs: format >= 3 ? [['scene_boundary', RUN_INPUT]] : [],
          steps: format >= 3 ? [['deferred_events', 'done', []]] : [],
          ledger: format >= 2 ? 1 : 0,
        });
        expect(pragmas(path)['user_version']).toBe(LATEST_SAVE_FORMAT);
        expect(liveSchema(path)).toBe(liveSchema(await freshSavePath()));
        const sqlite = new Database(path);
        try {
          // Packed, and still append-only; the rebuilt tables keep their keys.
          expect(sqlite.prepare('select typeof(prompt) from stage_calls').pluck().get()).toBe('blob');
          expect(() => sqlite.exec('delete from checkpoints')).toThrow(/append-only/);
          expect(() => sqlite.exec('update stage_calls set seq = 2')).toThrow(/append-only/);
          expect(sqlite.pragma('foreign_key_check')).toEqual([]);
          expect(() =>
            sqlite.exec(
              "insert into ledger (turn_id, seq, record, created_at) values (1, 9, '{}', 0); delete from ledger",
            ),
          ).toThrow(/append-only/);
        } finally {
          sqlite.close();
        }
      });
    }

    it('pack a format-4 save’s payloads smaller than it stored them', async () => {
      const path = await saveAtFormat(4);
      const sizes = (file: string) => {
        const sqlite = new Database(file, { readonly: true });
        try {
          return sqlite.prepare('select length(prompt) from stage_calls').pluck().get();
        } finally {
          sqlite.close();
        }
      };
      const before = sizes(path);
      await migratedContents(path);
      expect(sizes(path)).toBeLessThan(Number(before));
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
