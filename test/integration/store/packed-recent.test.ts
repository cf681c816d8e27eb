import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createSave, forkSave, openSave, type SaveStore, type TurnCommit } from '../../../engine/store/index.ts';
import { BLOCK_ROWS } from '../../../engine/store/packed-recent.ts';
import { NEW_SAVE, sampleTurn, stageCall, storeOptions, tempDirs } from './helpers.ts';

const dirs = tempDirs();
afterEach(dirs.cleanup);

const PRINCIPALS = ['mira', 'ren', 'world'];
const STAGES = ['narrator', 'character_dialog', 'npc_intent', 'lore_extractor', 'narrator', 'character_dialog'];
/** Enough turns for the prompts to reach a second block of ids. */
const TURNS = Math.ceil(BLOCK_ROWS / STAGES.length) + 6;

/** Prompts as a story grows them: a principal's sheet, the stage's instructions and the story so far. */
function promptOf(turn: number, call: number) {
  const principal = PRINCIPALS[(turn + call) % PRINCIPALS.length] ?? 'world';
  return [
    { role: 'system', content: `You are ${principal}. ${`${principal} keeps the tower. `.repeat(20)}` },
    { role: 'user', content: `Stage ${STAGES[call]}. Story: ${'the wind rises; '.repeat(turn)} now “${turn}.${call}”` },
  ];
}

function turnOf(turn: number): TurnCommit {
  return sampleTurn(turn, {
    stageCalls: STAGES.map((stage, call) =>
      stageCall(stage, {
        principal: PRINCIPALS[(turn + call) % PRINCIPALS.length] ?? 'world',
        prompt: promptOf(turn, call),
      }),
    ),
    checkpoints: [
      { kind: 'play_state', data: { turn, present: ['mira'], notes: 'rain on the slates '.repeat(turn % 7) } },
      { kind: 'truth', data: { turn, facts: Array.from({ length: turn % 5 }, (_, i) => `fact ${i}`) } },
    ],
    afterTurn: { input: { turn, state: { turn, present: ['mira'] }, transcript: `turn ${turn}` }, steps: [] },
  });
}

/** Everything packed, as the store reads it back. */
function contents(store: SaveStore, turns: number) {
  return Array.from({ length: turns }, (_, index) => {
    const turn = index + 1;
    return {
      prompts: store.stageCalls(turn).map((call) => call.prompt),
      playState: store.latestCheckpoint('play_state', turn)?.data,
      truth: store.latestCheckpoint('truth', turn)?.data,
      runs: store.boundaryRunsOfTurn(turn, 'after_turn').map((run) => run.input),
    };
  });
}

function expected(turns: number) {
  return Array.from({ length: turns }, (_, index) => {
    const commit = turnOf(index + 1);
    return {
      prompts: commit.stageCalls?.map((call) => call.prompt),
      playState: commit.checkpoints?.[0]?.data,
      truth: commit.checkpoints?.[1]?.data,
      runs: [commit.afterTurn?.input],
    };
  });
}

/** How many rows reading each row unpacks (its bases, theirs, and so on). */
function ancestorCounts(path: string, table: string, column: string): number[] {
  const sqlite = new Database(path, { readonly: true });
  try {
    const rows = sqlite.prepare(`select id, ${column}_bases as bases from ${table}`).all() as {
      id: number;
      bases: string | null;
    }[];
    const basesOf = new Map(
      rows.map((row) => [row.id, (JSON.parse(row.bases ?? '[]') as unknown[]).filter(Number.isInteger) as number[]]),
    );
    return rows.map((row) => {
      const seen = new Set<number>();
      const stack = [...(basesOf.get(row.id) ?? [])];
      for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
        if (!seen.has(id)) stack.push(...(basesOf.get(id) ?? []));
        seen.add(id);
      }
      return seen.size;
    });
  } finally {
    sqlite.close();
  }
}

describe('payloads packed against recent rows', () => {
  it('read back exactly as written, from a fresh connection, across blocks of ids and in a fork', async () => {
    const path = join(dirs.make(), 'long.storyloom');
    const store = await createSave(path, NEW_SAVE, storeOptions());
    for (let turn = 1; turn <= TURNS; turn++) store.commitTurn(turnOf(turn));
    store.close();

    const reopened = await openSave(path, storeOptions());
    try {
      expect(contents(reopened, TURNS)).toEqual(expected(TURNS));
      const fork = await forkSave(
        reopened,
        join(dirs.make(), 'fork.storyloom'),
        { uptoTurn: TURNS - 3 },
        storeOptions(),
      );
      try {
        expect(contents(fork, TURNS - 3)).toEqual(expected(TURNS - 3));
      } finally {
        fork.close();
      }
    } finally {
      reopened.close();
    }
  });

  it('pack a prompt against earlier ones, a run input against its turn’s checkpoints, and bound what a read unpacks', async () => {
    const path = join(dirs.make(), 'long.storyloom');
    const store = await createSave(path, NEW_SAVE, storeOptions());
    for (let turn = 1; turn <= TURNS; turn++) store.commitTurn(turnOf(turn));
    store.close();

    const sqlite = new Database(path, { readonly: true });
    try {
      const alone = sqlite.prepare('select id from stage_calls where prompt_bases is null').pluck().all();
      expect(alone).toEqual([1, BLOCK_ROWS + 1]);
      const sizes = sqlite.prepare('select length(prompt) from stage_calls order by id').pluck().all().map(Number);
      // The third turn's prompts cost a fraction of the first one's (packed alone).
      expect(Math.max(...sizes.slice(2 * STAGES.length, 3 * STAGES.length))).toBeLessThan(Number(sizes[0]) / 3);
      const runBases = sqlite.prepare('select input_bases from boundary_runs where id = 2').pluck().get();
      expect(JSON.parse(String(runBases))).toEqual([1, 'checkpoints:3', 'checkpoints:4']);
    } finally {
      sqlite.close();
    }
    for (const [table, column] of [
      ['stage_calls', 'prompt'],
      ['checkpoints', 'data'],
      ['boundary_runs', 'input'],
    ] as const) {
      expect(Math.max(...ancestorCounts(path, table, column))).toBeLessThan(BLOCK_ROWS);
    }
  });
});
