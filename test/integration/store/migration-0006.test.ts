import { deflateRawSync } from 'node:zlib';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { LATEST_SAVE_FORMAT, openSave, STORYLOOM_APPLICATION_ID } from '../../../engine/store/index.ts';
import { migrateToLatest } from '../../../engine/store/migrate.ts';
import { MIGRATIONS } from '../../../engine/store/migrations/index.ts';
import { storeOptions, tempDirs } from './helpers.ts';

const dirs = tempDirs();
afterEach(dirs.cleanup);

const TURNS = 4;
const SHEET = 'You are Mira, keeper of the tower. '.repeat(40);
const promptOf = (turn: number, stage: string) => [
  { role: 'system', content: `${SHEET}Stage ${stage}.` },
  { role: 'user', content: `The story so far: ${'the wind rises. '.repeat(turn * 20)} Turn ${turn}, “é”.` },
];
const checkpointOf = (turn: number) => ({ scene: 1, turn, present: ['mira'], notes: 'dust and rain '.repeat(50) });
const runInputOf = (turn: number) => ({ version: 1, turn, transcript: 'the door creaks '.repeat(30 + turn) });
const outputOf = (turn: number, stage: string) => `{"beats":["${stage} of turn ${turn}"]}`;

/** Format 5 deflated a payload with the start of the previous one of its kind as the preset dictionary. */
function deflated(text: string, base: string | null): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  if (base === null) return deflateRawSync(bytes, { level: 9 });
  return deflateRawSync(bytes, { level: 9, dictionary: Buffer.from(base, 'utf8').subarray(0, 32 * 1024 - 512) });
}

/** A format-5 save as that build wrote it: TURNS turns, each payload deflated against the previous of its kind. */
async function format5Save(): Promise<string> {
  const path = join(dirs.make(), 'format-5.storyloom');
  const sqlite = new Database(path);
  try {
    sqlite.pragma('journal_mode = WAL');
    await migrateToLatest(sqlite, path, MIGRATIONS.slice(0, 5));
    sqlite.pragma(`application_id = ${STORYLOOM_APPLICATION_ID}`);
    sqlite.exec(`insert into save_meta values (1, 'Old', 'lost-tower', '1.2.0', 'sha256:abc', 'ren', 42,
      '[1,2,3,4]', '[1,2,3,4]', '0.0.9', null, null, 0, 0)`);
    const last = new Map<string, { id: number; text: string; chain: number }>();
    const chained = (kind: string, id: number, text: string) => {
      const base = last.get(kind) ?? null;
      last.set(kind, { id, text, chain: base === null ? 0 : base.chain + 1 });
      return [deflated(text, base?.text ?? null), base?.id ?? null, base === null ? 0 : base.chain + 1] as const;
    };
    let callId = 0;
    for (let turn = 1; turn <= TURNS; turn++) {
      sqlite.exec(`insert into turns (id, number, status, input, started_at, finished_at, duration_ms, rng_state)
        values (${turn}, ${turn}, 'committed', 'I look around', 0, 0, 1, '[1,2,3,4]')`);
      ['narrator', 'character_dialog', 'narrator'].forEach((stage, index) => {
        callId++;
        const prompt = chained(`prompt:${stage}`, callId, JSON.stringify(promptOf(turn, stage)));
        const output = chained(`output:${stage}`, callId, outputOf(turn, stage));
        sqlite
          .prepare(
            `insert into stage_calls (id, turn_id, seq, stage, principal, provider, model, prompt, prompt_base,
              prompt_chain, output, output_base, output_chain, created_at)
             values (?, ?, ?, ?, 'mira', 'scripted', 'tiny', ?, ?, ?, ?, ?, ?, 0)`,
          )
          .run(callId, turn, index + 1, stage, ...prompt, ...output);
      });
      sqlite
        .prepare(
          `insert into checkpoints (id, turn_id, created_at, kind, data, data_base, data_chain)
          values (?, ?, 0, 'play_state', ?, ?, ?)`,
        )
        .run(turn, turn, ...chained('checkpoint', turn, JSON.stringify(checkpointOf(turn))));
      sqlite
        .prepare(
          `insert into boundary_runs (id, turn_id, status, input, input_base, input_chain, created_at, kind)
          values (?, ?, 'done', ?, ?, ?, 0, 'after_turn')`,
        )
        .run(turn, turn, ...chained('run', turn, JSON.stringify(runInputOf(turn))));
    }
  } finally {
    sqlite.close();
  }
  return path;
}

describe('migration 0006 (payloads packed against recent rows)', () => {
  it('brings a format-5 save up to date, every prompt, output, checkpoint and run input reading back the same', async () => {
    const path = await format5Save();
    const store = await openSave(path, storeOptions());
    try {
      for (let turn = 1; turn <= TURNS; turn++) {
        const calls = store.stageCalls(turn);
        expect(calls.map((call) => call.prompt)).toEqual(
          ['narrator', 'character_dialog', 'narrator'].map((stage) => promptOf(turn, stage)),
        );
        expect(calls.map((call) => call.output)).toEqual(
          ['narrator', 'character_dialog', 'narrator'].map((stage) => outputOf(turn, stage)),
        );
        expect(store.latestCheckpoint('play_state', turn)?.data).toEqual(checkpointOf(turn));
        expect(store.boundaryRunsOfTurn(turn, 'after_turn').map((run) => run.input)).toEqual([runInputOf(turn)]);
      }
    } finally {
      store.close();
    }
    const sqlite = new Database(path, { readonly: true });
    try {
      expect(sqlite.pragma('user_version', { simple: true })).toBe(LATEST_SAVE_FORMAT);
      // Packed against earlier rows (the first of each column starts an epoch), and smaller for it.
      const bases = sqlite.prepare('select prompt_bases from stage_calls order by id').pluck().all();
      expect(bases[0]).toBeNull();
      expect(bases.slice(1).every((list) => typeof list === 'string' && JSON.parse(list).length > 0)).toBe(true);
      const sizes = sqlite.prepare('select length(prompt) from stage_calls order by id').pluck().all().map(Number);
      expect(Math.max(...sizes.slice(1))).toBeLessThan(Number(sizes[0]) / 2);
      expect(sqlite.pragma('foreign_key_check')).toEqual([]);
    } finally {
      sqlite.close();
    }
  });
});
