import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSave, forkSave, type SaveStore } from '../../../engine/store/index.ts';
import { NEW_SAVE, sampleTurn, stageCall, storeOptions, tempDirs } from './helpers.ts';

const dirs = tempDirs();
const open: SaveStore[] = [];
afterEach(() => {
  for (const store of open.splice(0)) store.close();
  dirs.cleanup();
});

const STEPS = ['first', 'second', 'last'];

/** Turns 1–3; turns 1 and 3 close a scene, each starting a run. */
async function saveWithRuns(): Promise<{ store: SaveStore; runs: number[] }> {
  const store = await createSave(join(dirs.make(), 'runs.storyloom'), NEW_SAVE, storeOptions());
  open.push(store);
  const runs: number[] = [];
  for (let n = 1; n <= 3; n++) {
    const boundary = n === 2 ? {} : { boundary: { input: { scene: n }, steps: STEPS } };
    const committed = store.commitTurn(sampleTurn(n, { stageCalls: [stageCall('narrator')], ...boundary }));
    if (committed.boundaryRunId !== undefined) runs.push(committed.boundaryRunId);
  }
  return { store, runs };
}

describe('scene-boundary rows', () => {
  it('start with their closing turn: the run running, every step pending', async () => {
    const { store, runs } = await saveWithRuns();
    expect(store.unfinishedBoundaryRuns().map((run) => [run.turnNumber, run.status, run.input])).toEqual([
      [1, 'running', { scene: 1 }],
      [3, 'running', { scene: 3 }],
    ]);
    expect(store.boundarySteps(runs[0] ?? -1).map((row) => [row.step, row.status, row.attempts])).toEqual([
      ['first', 'pending', 0],
      ['second', 'pending', 0],
      ['last', 'pending', 0],
    ]);
  });

  it("count attempts, keep a failure's reason, and log a step's calls after its closing turn's own", async () => {
    const { store, runs } = await saveWithRuns();
    const runId = runs[0] ?? -1;
    store.startBoundaryStep(runId, 'first');
    store.failBoundaryStep({ runId, step: 'first', error: 'timeout', stageCalls: [stageCall('chronicler')] });
    store.startBoundaryStep(runId, 'first');
    store.finishBoundaryStep({ runId, step: 'first', output: { ok: true }, stageCalls: [stageCall('chronicler')] });
    expect(store.boundarySteps(runId)[0]).toMatchObject({
      status: 'done',
      attempts: 2,
      error: 'timeout',
      output: { ok: true },
    });
    const turnId = store.boundaryRun(runId)?.turnId ?? -1;
    expect(store.stageCalls(turnId).map((call) => [call.seq, call.stage])).toEqual([
      [1, 'narrator'],
      [2, 'chronicler'],
      [3, 'chronicler'],
    ]);
  });

  it('never change a finished step again', async () => {
    const { store, runs } = await saveWithRuns();
    const runId = runs[0] ?? -1;
    store.finishBoundaryStep({ runId, step: 'first', output: 1 });
    expect(() => store.finishBoundaryStep({ runId, step: 'first', output: 2 })).toThrow(/final/u);
    expect(store.boundarySteps(runId)[0]?.output).toBe(1);
  });

  it('finish a run with its checkpoints on the closing turn, at once', async () => {
    const { store, runs } = await saveWithRuns();
    const runId = runs[0] ?? -1;
    store.finishBoundaryRun({
      runId,
      step: 'last',
      output: null,
      checkpoints: [{ kind: 'npc_state', data: { v: 1 } }],
    });
    expect(store.boundaryRun(runId)).toMatchObject({ status: 'done', error: null });
    expect(store.latestCheckpoint('npc_state')).toMatchObject({
      turnId: store.boundaryRun(runId)?.turnId,
      data: { v: 1 },
    });
    expect(store.unfinishedBoundaryRuns().map((run) => run.turnNumber)).toEqual([3]);
  });

  it('name the last finished run by its closing turn, optionally up to a turn; running and failed ones do not count', async () => {
    const { store, runs } = await saveWithRuns();
    const [first = -1, last = -1] = runs;
    expect(store.lastFinishedBoundaryRun()).toBeNull();
    store.finishBoundaryRun({ runId: first, step: 'last', output: null, checkpoints: [] });
    store.failBoundaryRun(last, 'timeout');
    expect(store.lastFinishedBoundaryRun()).toMatchObject({ id: first, turnNumber: 1, status: 'done' });
    store.resumeBoundaryRun(last);
    store.finishBoundaryRun({ runId: last, step: 'last', output: null, checkpoints: [] });
    expect(store.lastFinishedBoundaryRun()).toMatchObject({ id: last, turnNumber: 3 });
    expect(store.lastFinishedBoundaryRun(2)).toMatchObject({ id: first, turnNumber: 1 });
    expect(store.lastFinishedBoundaryRun(0)).toBeNull();
  });

  it('go with a fork only for the turns it keeps, steps with their run', async () => {
    const { store, runs } = await saveWithRuns();
    store.finishBoundaryStep({ runId: runs[0] ?? -1, step: 'first', output: 'kept' });
    store.finishBoundaryStep({ runId: runs[1] ?? -1, step: 'first', output: 'dropped' });
    const fork = await forkSave(store, join(dirs.make(), 'fork.storyloom'), { uptoTurn: 2 }, storeOptions());
    open.push(fork);
    expect(fork.unfinishedBoundaryRuns().map((run) => run.turnNumber)).toEqual([1]);
    expect(fork.boundarySteps(runs[0] ?? -1).map((row) => row.output)).toEqual(['kept', null, null]);
    expect(fork.boundarySteps(runs[1] ?? -1)).toEqual([]);
  });
});
