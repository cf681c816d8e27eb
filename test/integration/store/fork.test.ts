import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createSave, forkSave, openSave, type SaveStore } from '../../../engine/store/index.ts';
import { fileHash, NEW_SAVE, sampleTurn, storeOptions, tempDirs } from './helpers.ts';

const dirs = tempDirs();
const open: SaveStore[] = [];
afterEach(() => {
  for (const store of open.splice(0)) store.close();
  dirs.cleanup();
});

/** Turns 1–4 committed, a failed attempt between turns 2 and 3, a checkpoint and two ledger rows per committed turn. */
async function storyWithFourTurns(): Promise<SaveStore> {
  const store = await createSave(join(dirs.make(), 'source.storyloom'), NEW_SAVE, storeOptions());
  open.push(store);
  for (let n = 1; n <= 4; n++) {
    const ledger = [1, 2].map((i) => ({ seq: n * 2 + i - 2, record: { kind: 'event', n, i } }));
    store.commitTurn(sampleTurn(n, { checkpoint: { kind: 'scene', data: { turn: n } }, ledger }));
    if (n === 2) store.recordFailedTurn({ input: 'x', startedAt: 1, durationMs: 1, stage: 'narrator', reason: 'boom' });
  }
  return store;
}

function tableNames(path: string): string[] {
  const sqlite = new Database(path, { readonly: true });
  try {
    return sqlite
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' and name <> 'save_meta' order by name",
      )
      .pluck()
      .all()
      .map(String);
  } finally {
    sqlite.close();
  }
}

describe('forkSave', () => {
  it('copies everything of the turns up to N (failed attempts before it included) and the RNG state after N', async () => {
    const source = await storyWithFourTurns();
    const fork = await forkSave(source, join(dirs.make(), 'fork.storyloom'), { uptoTurn: 3 }, storeOptions());
    open.push(fork);
    const sourceTurns = source.turns();
    const kept = sourceTurns.filter((t) => t.id <= 4);
    expect(fork.turns()).toEqual(kept);
    expect(kept.map((t) => [t.number, t.status])).toEqual([
      [1, 'committed'],
      [2, 'committed'],
      [3, 'failed'],
      [3, 'committed'],
    ]);
    expect(fork.lastMessages(1000)).toEqual(source.lastMessages(1000).filter((m) => m.turnId <= 4));
    for (const turn of kept) expect(fork.stageCalls(turn.id)).toEqual(source.stageCalls(turn.id));
    expect(fork.latestCheckpoint()).toMatchObject({ turnId: 4, data: { turn: 3 } });
    expect(fork.ledger()).toEqual(source.ledger({ uptoTurn: 3 }));
    expect(fork.ledger().map((entry) => [entry.seq, entry.turn])).toEqual([
      [1, 1],
      [2, 1],
      [3, 2],
      [4, 2],
      [5, 3],
      [6, 3],
    ]);
    expect(fork.meta()).toMatchObject({
      title: 'The Lost Tower (turn 3)',
      rngState: [3, 4, 5, 6],
      rngInitialState: NEW_SAVE.rngState,
      forkedFrom: { saveId: 'source.storyloom', turn: 3 },
    });
    // Every history table is covered by the fork (a new table must be added to FORKED_TABLES).
    expect(tableNames(fork.path)).toEqual([
      'boundary_runs',
      'boundary_steps',
      'checkpoints',
      'ledger',
      'messages',
      'stage_calls',
      'turns',
    ]);
  });

  it('continues the story from the fork point while the source is left untouched', async () => {
    const source = await storyWithFourTurns();
    source.close();
    const hash = fileHash(source.path);
    const reopened = await openSave(source.path, storeOptions());
    open.push(reopened);
    const fork = await forkSave(
      reopened,
      join(dirs.make(), 'fork.storyloom'),
      { uptoTurn: 2, title: 'B' },
      storeOptions(),
    );
    open.push(fork);
    const next = fork.commitTurn(sampleTurn(9));
    expect(next.turn).toMatchObject({ id: 3, number: 3 });
    expect(next.messages[0]?.id).toBe(17);
    expect(reopened.summary()).toMatchObject({ turnCount: 4, messageCount: 32 });
    reopened.close();
    expect(fileHash(source.path)).toBe(hash);
  });

  it('forks at turn 0 into an empty story with the initial RNG state', async () => {
    const source = await storyWithFourTurns();
    const fork = await forkSave(source, join(dirs.make(), 'fork.storyloom'), { uptoTurn: 0 }, storeOptions());
    open.push(fork);
    expect(fork.summary()).toMatchObject({ turnCount: 0, messageCount: 0 });
    expect(fork.meta().rngState).toEqual(NEW_SAVE.rngState);
  });

  it('refuses a turn the save does not have, and an existing destination', async () => {
    const source = await storyWithFourTurns();
    const dest = join(dirs.make(), 'fork.storyloom');
    await expect(forkSave(source, dest, { uptoTurn: 5 }, storeOptions())).rejects.toMatchObject({
      code: 'invalid_params',
      message: expect.stringContaining('has no turn 5'),
    });
    await expect(forkSave(source, dest, { uptoTurn: -1 }, storeOptions())).rejects.toMatchObject({
      code: 'invalid_params',
    });
    await expect(forkSave(source, source.path, { uptoTurn: 1 }, storeOptions())).rejects.toMatchObject({
      code: 'already_exists',
    });
  });
});
