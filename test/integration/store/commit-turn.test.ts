import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { EngineError } from '../../../engine/api/errors.ts';
import { createSave, openSave, type SaveStore } from '../../../engine/store/index.ts';
import { NEW_SAVE, sampleTurn, stageCall, storeOptions, tempDirs } from './helpers.ts';

const dirs = tempDirs();
/** A prompt message JSON.stringify throws on (a BigInt), to fail the commit after rows were already written. */
const UNSERIALISABLE = { role: 'user', content: 'x', tokens: 1n };
const open: SaveStore[] = [];
afterEach(() => {
  for (const store of open.splice(0)) store.close();
  dirs.cleanup();
});

async function newStore(): Promise<SaveStore> {
  const store = await createSave(join(dirs.make(), 'a.storyloom'), NEW_SAVE, storeOptions());
  open.push(store);
  return store;
}

/** Everything a failed commit must leave as it was. */
function snapshot(store: SaveStore): unknown {
  const turns = store.turns();
  return {
    meta: store.meta(),
    turns,
    messageCount: store.messageCount(),
    messages: store.lastMessages(1000),
    stageCalls: turns.map((t) => store.stageCalls(t.id)),
    checkpoint: store.latestCheckpoint(),
  };
}

describe('commitTurn', () => {
  it('writes the turn, its messages (seq 1..n), stage calls, checkpoint and RNG state', async () => {
    const store = await newStore();
    const { turn, messages } = store.commitTurn(
      sampleTurn(1, { checkpoint: { kind: 'scene', data: { location: 'tower', visited: ['gate'] } } }),
    );
    expect(turn).toMatchObject({ id: 1, number: 1, status: 'committed', input: 'I do thing 1', failure: null });
    expect(turn.rngState).toEqual([1, 2, 3, 4]);
    expect(messages.map((m) => [m.id, m.turnId, m.seq])).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => [n, 1, n]));
    expect(messages[3]).toMatchObject({ owner: 'mira', type: 'dialog', mood: 'tense' });
    expect(store.messagesOfTurn(1)).toEqual(messages);
    const calls = store.stageCalls(1);
    expect(calls.map((c) => [c.seq, c.stage])).toEqual([
      [1, 'persona_extractor'],
      [2, 'narrator'],
      [3, 'character_dialog'],
      [4, 'npc_intent'],
      [5, 'narrator'],
      [6, 'character_dialog'],
    ]);
    expect(calls[0]).toMatchObject({
      principal: 'world',
      prompt: [
        { role: 'system', content: 'You are the persona_extractor.' },
        { role: 'user', content: 'What happens?' },
      ],
      promptTokens: 120,
      cachedTokens: 100,
      generatedTokens: 30,
      ttftMs: 12.5,
      totalMs: 80.25,
      error: null,
    });
    expect(store.latestCheckpoint()).toMatchObject({
      turnId: 1,
      kind: 'scene',
      data: { location: 'tower', visited: ['gate'] },
    });
    expect(store.meta().rngState).toEqual([1, 2, 3, 4]);
    expect(store.meta().rngInitialState).toEqual(NEW_SAVE.rngState);
    expect(store.summary()).toMatchObject({ turnCount: 1, messageCount: 8 });
  });

  it('keeps explicit seqs and structured message meta', async () => {
    const store = await newStore();
    const marker = { subtype: 'location_change', payload: { from: 'gate', to: 'tower' } };
    const { messages } = store.commitTurn(
      sampleTurn(1, {
        messages: [
          { owner: 'system', type: 'scene_marker', content: 'The tower', seq: 10, meta: marker },
          { owner: 'narrator', type: 'narration', content: 'Stairs.', seq: 20 },
        ],
      }),
    );
    expect(messages.map((m) => m.seq)).toEqual([10, 20]);
    expect(messages[0]?.meta).toEqual(marker);
    expect(messages[1]?.meta).toBeNull();
  });

  it('numbers turns 1, 2, 3 and reads the tail and pages of the stream in order', async () => {
    const store = await newStore();
    for (let n = 1; n <= 3; n++) store.commitTurn(sampleTurn(n));
    expect(store.turns().map((t) => t.number)).toEqual([1, 2, 3]);
    expect(store.messageCount()).toBe(24);
    const tail = store.lastMessages(5);
    expect(tail.map((m) => m.id)).toEqual([20, 21, 22, 23, 24]);
    expect(store.messagesBefore(20, 3).map((m) => m.id)).toEqual([17, 18, 19]);
    expect(store.messagesBefore(2, 10).map((m) => m.id)).toEqual([1]);
    expect(store.lastMessages(0)).toEqual([]);
    expect(store.meta().rngState).toEqual([3, 4, 5, 6]);
  });

  it.each([
    [
      'a duplicate message seq',
      sampleTurn(2, {
        messages: [
          { owner: 'narrator', type: 'narration', content: 'one', seq: 1 },
          { owner: 'narrator', type: 'narration', content: 'two', seq: 1 },
        ],
      }),
    ],
    [
      'a duplicate stage-call seq',
      sampleTurn(2, { stageCalls: [stageCall('narrator', { seq: 1 }), stageCall('npc_intent', { seq: 1 })] }),
    ],
    [
      'a stage-call prompt that is not JSON',
      sampleTurn(2, { stageCalls: [stageCall('narrator'), stageCall('narrator', { prompt: [UNSERIALISABLE] })] }),
    ],
    ['a checkpoint that is not JSON', sampleTurn(2, { checkpoint: { kind: 'scene', data: undefined } })],
  ])('rolls everything back when a row is refused halfway: %s', async (_, bad) => {
    const store = await newStore();
    store.commitTurn(sampleTurn(1));
    const before = snapshot(store);
    expect(() => store.commitTurn(bad)).toThrow(EngineError);
    expect(snapshot(store)).toEqual(before);
    // The connection is still usable and the next turn takes the number the failed one would have had.
    expect(store.commitTurn(sampleTurn(3)).turn).toMatchObject({ id: 2, number: 2 });
  });
});

describe('recordFailedTurn', () => {
  it('records the attempt with its stage, reason and calls, and appends no message', async () => {
    const store = await newStore();
    store.commitTurn(sampleTurn(1));
    const failed = store.recordFailedTurn({
      input: 'I jump',
      startedAt: 1_700_000_100_000,
      durationMs: 800,
      stage: 'narrator',
      reason: 'invalid_output: beat script did not match the schema',
      stageCalls: [stageCall('narrator', { output: '{"oops"', error: 'invalid_output' })],
    });
    expect(failed).toMatchObject({
      id: 2,
      number: 2,
      status: 'failed',
      rngState: null,
      failure: { stage: 'narrator', reason: 'invalid_output: beat script did not match the schema' },
    });
    expect(store.messageCount()).toBe(8);
    expect(store.messagesOfTurn(2)).toEqual([]);
    expect(store.stageCalls(2)).toMatchObject([{ stage: 'narrator', error: 'invalid_output', output: '{"oops"' }]);
    expect(store.summary().turnCount).toBe(1);
    expect(store.meta().rngState).toEqual([1, 2, 3, 4]);
    // The retry becomes story turn 2, with the next turn id.
    expect(store.commitTurn(sampleTurn(2)).turn).toMatchObject({ id: 3, number: 2 });
  });
});

describe('an open save', () => {
  it('keeps everything across close and reopen', async () => {
    const path = join(dirs.make(), 'a.storyloom');
    const options = storeOptions();
    const store = await createSave(path, NEW_SAVE, options);
    store.commitTurn(sampleTurn(1, { checkpoint: { kind: 'scene', data: { n: 1 } } }));
    store.recordFailedTurn({ input: 'x', startedAt: 1, durationMs: 1, stage: 'npc_intent', reason: 'timeout' });
    store.commitTurn(sampleTurn(2));
    const before = snapshot(store);
    store.close();
    store.close(); // idempotent
    expect(() => store.messageCount()).toThrow(/closed/);
    const reopened = await openSave(path, options);
    open.push(reopened);
    expect(snapshot(reopened)).toEqual(before);
  });

  it('reports a message of a type this version does not know as save_corrupt', async () => {
    const store = await newStore();
    store.commitTurn(sampleTurn(1));
    const other = new Database(store.path);
    other
      .prepare(
        "insert into messages (turn_id, seq, owner, type, content, created_at) values (1, 99, 'x', 'hologram', '', 0)",
      )
      .run();
    other.close();
    expect(() => store.lastMessages(10)).toThrow(
      expect.objectContaining({ code: 'save_corrupt', message: expect.stringContaining('"hologram"') }),
    );
  });

  it('renames without changing its id', async () => {
    const store = await newStore();
    store.rename('  A New Name ');
    expect(store.meta().title).toBe('A New Name');
    expect(() => store.rename('   ')).toThrow(EngineError);
  });
});
