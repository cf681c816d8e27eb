import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineClient } from '../../../engine/api/index.ts';
import type { LlmObjectRequest, LlmProvider } from '../../../engine/llm/index.ts';
import { boundaryPlay } from '../../support/boundary-play.ts';
import { boundaryReplies } from '../../support/boundary-replies.ts';
import { PERSONA } from '../../support/packs.ts';
import { unwrap } from '../../support/playthrough.ts';
import { openTestSave } from '../../support/saves.ts';

// Issue 24, item 4: /undo and /retry throw the last turn away with the scene boundary it started; they cancel that
// work (abort its calls, keep none of its rows in the fork) instead of waiting for it to finish.

const { newHome, engineAt } = boundaryPlay();
// Registered after boundaryPlay's, so it runs before the engines are disposed (after-each hooks run last first).
const releases: (() => void)[] = [];
afterEach(() => {
  for (const release of releases.splice(0)) release();
});

/**
 * Test double at the LLM boundary: a Chronicler whose calls run until the test releases them and do not stop when
 * aborted (like a decode that checks for a stop only between long steps); each call's signal is kept, to see it
 * aborted. The other boundary stages answer at once.
 */
function slowChronicler() {
  const replies = boundaryReplies();
  const signals: AbortSignal[] = [];
  let started = (): void => undefined;
  const firstCall = new Promise<void>((resolve) => (started = resolve));
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  releases.push(release);
  const provider: LlmProvider = {
    ...replies,
    generateObject: async <T>(request: LlmObjectRequest<T>) => {
      if (request.stage !== 'chronicler') return replies.generateObject(request);
      if (request.signal !== undefined) signals.push(request.signal);
      started();
      await released;
      return replies.generateObject(request);
    },
  };
  return { provider, signals, firstCall };
}

async function table(boundary: LlmProvider): Promise<{ api: EngineClient; home: string }> {
  const home = await newHome();
  return { api: (await engineAt(home, boundary)).api, home };
}

async function runsOf(home: string, saveId: string) {
  const store = await openTestSave(path.join(home, 'saves', saveId));
  try {
    return {
      turns: store.summary().turnCount,
      unfinished: store.unfinishedRuns().map((run) => `${run.kind}@${run.turnNumber}`),
      boundaries: store
        .turns()
        .flatMap((turn) => store.boundaryRunsOfTurn(turn.id).map((run) => `${run.status}@${run.turnNumber}`)),
    };
  } finally {
    store.close();
  }
}

describe('rewinding cancels the boundary work it throws away', () => {
  it('/undo of a scene’s closing turn aborts its Chronicler and returns without waiting for it', async () => {
    const chronicler = slowChronicler();
    const { api, home } = await table(chronicler.provider);
    const save = unwrap(await api['saves.create']({ packId: 'lantern-quay', personaId: PERSONA }));
    const play = async (saveId: string, text: string) => unwrap(await api['play.submit']({ saveId, text }));
    await play(save.id, 'I ask Mother Rook for a room.');
    await play(save.id, '/end scene');
    await chronicler.firstCall;

    // The Chronicler is still running (never released): the undo answers all the same.
    const undone = await play(save.id, '/undo');
    expect(undone.kind).toBe('forked');
    expect(chronicler.signals.map((signal) => signal.aborted)).toEqual([true]);
    expect(await runsOf(home, undone.saveId)).toEqual({ turns: 1, unfinished: [], boundaries: [] });
    expect((await play(undone.saveId, 'I sit by the fire.')).kind).toBe('turn');
  });

  it('/retry of a turn that left the scene aborts the boundary it started and plays the turn again at once', async () => {
    const chronicler = slowChronicler();
    const { api, home } = await table(chronicler.provider);
    const save = unwrap(await api['saves.create']({ packId: 'lantern-quay', personaId: PERSONA }));
    const play = async (saveId: string, text: string) => unwrap(await api['play.submit']({ saveId, text }));
    await play(save.id, 'I ask Mother Rook for a room.');
    await play(save.id, 'I step out onto the quay.');
    await chronicler.firstCall;

    const retried = await play(save.id, '/retry');
    expect(retried.kind).toBe('turn');
    expect(chronicler.signals[0]?.aborted).toBe(true);
    // The fork holds the replayed turn's own boundary only (still running: its Chronicler is held too).
    const fork = await runsOf(home, retried.saveId);
    expect(fork.turns).toBe(2);
    expect(fork.boundaries.filter((run) => run.endsWith('@2')).length).toBeLessThanOrEqual(1);
    expect(fork.boundaries.every((run) => run.startsWith('running') || run.startsWith('done'))).toBe(true);
  });
});
