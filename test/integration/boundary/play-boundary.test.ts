import { describe, expect, it, vi } from 'vitest';
import { NPC_STATE_CHECKPOINT, readSnapshot, REFLECTION_STEPS, SCENE_STEPS } from '../../../engine/boundary/index.ts';
import { LlmError, type LlmObjectRequest, type LlmProvider } from '../../../engine/llm/index.ts';
import { boundaryPlay, newSave, play, readSave, turnIdOf } from '../../support/boundary-play.ts';
import { boundaryReplies } from '../../support/boundary-replies.ts';
import { createInterpretingProvider } from '../../support/interpreting-provider.ts';
import { unwrap } from '../../support/playthrough.ts';

const { newHome, engineAt, dispose } = boundaryPlay();

/** Test double at the LLM boundary: boundary calls that never answer until the run is stopped. */
function silentBoundary(): LlmProvider {
  return {
    ...boundaryReplies(),
    generateObject: <T>(request: LlmObjectRequest<T>) =>
      new Promise<never>((_resolve, reject) =>
        request.signal?.addEventListener('abort', () => reject(new LlmError('aborted', 'stopped', request.stage))),
      ),
  };
}

/** Test double at the LLM boundary: the Chronicler's calls fail while `down` is set; the rest answer as usual. */
function flakyChronicler(): LlmProvider & { down: boolean } {
  const replies = boundaryReplies();
  const provider = {
    ...replies,
    down: true,
    generateObject: <T>(request: LlmObjectRequest<T>) =>
      provider.down && request.stage === 'chronicler'
        ? Promise.reject(new LlmError('provider', 'the server went away', request.stage))
        : replies.generateObject(request),
  };
  return provider;
}

/** Test double at the LLM boundary: the reflections wait for `release()`; the rest answer as usual. */
function heldReflections(): LlmProvider & { release: () => void; held: Promise<void> } {
  const replies = boundaryReplies();
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached = () => {};
  const held = new Promise<void>((resolve) => (reached = resolve));
  return {
    ...replies,
    release: () => release(),
    held,
    generateObject: async <T>(request: LlmObjectRequest<T>) => {
      if (request.stage === 'character_reflection') {
        reached();
        await released;
      }
      return replies.generateObject(request);
    },
  };
}

describe('scene boundaries in play', () => {
  it("the next scene's Narrator starts before the reflections end; characters' calls wait for them", async () => {
    const home = await newHome();
    const boundary = heldReflections();
    const table = await engineAt(home, boundary);
    const saveId = await newSave(table);
    await play(table, saveId, 'I ask Mother Rook for a room.');
    await play(table, saveId, '/end scene');
    await boundary.held;

    const next = play(table, saveId, 'I look about the taproom.');
    // The opening narration streams while the reflections are still held; the turn waits at its first cue.
    await vi.waitFor(() => {
      const narrated = table.events.some(
        (event) => event.type === 'message.pending' && event.turn === 3 && event.messageType === 'narration',
      );
      expect(narrated).toBe(true);
    });
    const spokeEarly = table.events.some(
      (event) => event.type === 'message.pending' && event.turn === 3 && event.messageType === 'dialog',
    );
    expect(spokeEarly).toBe(false);
    boundary.release();
    expect((await next).kind).toBe('turn');

    const written = await readSave(home, saveId, (store) => ({
      dialog: store
        .stageCalls(turnIdOf(store, 3))
        .filter((call) => call.stage === 'character_dialog' || call.stage === 'npc_intent'),
      npc: store.latestCheckpoint(NPC_STATE_CHECKPOINT),
    }));
    // Every character call of the turn saw its own reflection of the last scene.
    expect(written.dialog.length).toBeGreaterThan(0);
    for (const call of written.dialog) {
      expect(JSON.stringify(call.prompt)).toContain(`${call.principal} remembers the stranger by the fire`);
    }
    expect(JSON.stringify(written.npc?.data)).toContain('remembers the stranger by the fire');
  });

  it('reflections a stop cut short are written when the save is played again; /undo drops them with the scene', async () => {
    const home = await newHome();
    const held = heldReflections();
    const first = await engineAt(home, held);
    const saveId = await newSave(first);
    await play(first, saveId, 'I ask Mother Rook for a room.');
    await play(first, saveId, '/end scene');
    await held.held;
    await dispose(first);
    const stopped = await readSave(home, saveId, (store) => ({
      runs: store.boundaryRunsOfTurn(turnIdOf(store, 2)).map((run) => run.status),
      unfinished: store.unfinishedBoundaryRuns().map((run) => store.boundarySteps(run.id).map((row) => row.step)),
    }));
    expect(stopped).toEqual({ runs: ['done', 'running'], unfinished: [['character_reflection', 'checkpoint']] });

    const second = await engineAt(home);
    expect((await play(second, saveId, 'I sit by the fire.')).kind).toBe('turn');
    const after = await readSave(home, saveId, (store) => ({
      unfinished: store.unfinishedBoundaryRuns().length,
      npc: JSON.stringify(store.latestCheckpoint(NPC_STATE_CHECKPOINT)?.data),
    }));
    expect(after.unfinished).toBe(0);
    expect(after.npc).toContain('magdalen-rook remembers the stranger by the fire');

    await dispose(second);
    const third = heldReflections();
    const again = await engineAt(home, third);
    let forked = (await play(again, saveId, '/end scene')).saveId;
    await third.held;
    forked = (await play(again, forked, '/undo')).saveId;
    const undone = await readSave(home, forked, (store) => ({
      turns: store.summary().turnCount,
      unfinished: store.unfinishedBoundaryRuns().length,
    }));
    expect(undone).toEqual({ turns: 3, unfinished: 0 });
  });

  it('reflections that keep failing fail the next turn before its Narrator, naming the step; /retry writes them', async () => {
    const home = await newHome();
    const replies = boundaryReplies();
    const boundary = {
      ...replies,
      down: true,
      generateObject: <T>(request: LlmObjectRequest<T>) =>
        boundary.down && request.stage === 'character_reflection'
          ? Promise.reject(new LlmError('provider', 'the server went away', request.stage))
          : replies.generateObject(request),
    };
    const table = await engineAt(home, boundary);
    const saveId = await newSave(table);
    await play(table, saveId, 'I ask Mother Rook for a room.');
    await play(table, saveId, '/end scene');
    // The reflections fail in the background, after their retries, while the player reads.
    await vi.waitFor(() => {
      const given = table.events.some(
        (event) => event.type === 'boundary.progress' && event.part === 'reflections' && event.status === 'failed',
      );
      expect(given).toBe(true);
    });
    const failed = await play(table, saveId, 'I sit by the fire.');
    expect(failed.kind === 'failed' ? failed.reason : '').toMatch(
      /scene boundary after turn 2 .*character_reflection.*server went away/u,
    );
    // The failed reflections were tried again before the turn, which never reached its Narrator.
    const narrated = table.events.some((event) => event.type === 'message.pending' && event.turn === 3);
    expect(narrated).toBe(false);

    boundary.down = false;
    expect((await play(table, saveId, '/retry')).kind).toBe('turn');
    const after = await readSave(home, saveId, (store) => ({
      unfinished: store.unfinishedBoundaryRuns().length,
      npc: JSON.stringify(store.latestCheckpoint(NPC_STATE_CHECKPOINT)?.data),
    }));
    expect(after.unfinished).toBe(0);
    expect(after.npc).toContain('remembers the stranger by the fire');
  });

  it('/end scene answers at once; the boundary runs after it, and the next turn waits for its first run', async () => {
    const home = await newHome();
    const table = await engineAt(home);
    const saveId = await newSave(table);
    await play(table, saveId, 'I warm my hands by the fire and ask for Riding Officer Pell.');
    expect((await play(table, saveId, '/end scene')).kind).toBe('turn');
    const closed = table.events.findIndex((event) => event.type === 'turn.finished' && event.turn === 2);
    const firstProgress = table.events.findIndex((event) => event.type === 'boundary.progress');
    expect(firstProgress).toBeGreaterThan(closed);

    await play(table, saveId, 'I look about the taproom.');
    const progress = table.events.flatMap((event) => (event.type === 'boundary.progress' ? [event] : []));
    const scene = progress.filter((event) => event.total === SCENE_STEPS.length);
    const reflections = progress.filter((event) => event.total === REFLECTION_STEPS.length);
    const nextTurn = table.events.findIndex((event) => event.type === 'turn.started' && event.turn === 3);
    // Every step of the scene's run is done before the next turn starts; the reflections may still be running.
    const sceneDone = scene.at(-1);
    expect(sceneDone === undefined ? -1 : table.events.lastIndexOf(sceneDone)).toBeLessThan(nextTurn);
    expect(new Set(scene.filter((event) => event.status === 'done').map((event) => event.step)).size).toBe(
      SCENE_STEPS.length,
    );
    expect(scene.at(-1)).toMatchObject({
      turn: 2,
      step: 'checkpoint',
      status: 'done',
      done: SCENE_STEPS.length,
      total: SCENE_STEPS.length,
    });
    expect(reflections.filter((event) => event.status === 'done').map((event) => event.step)).toEqual([
      'character_reflection',
      'checkpoint',
    ]);

    const written = await readSave(home, saveId, (store) => ({
      npc: store.latestCheckpoint(NPC_STATE_CHECKPOINT),
      closing: turnIdOf(store, 2),
    }));
    expect(written.npc?.turnId).toBe(written.closing);
    expect(JSON.stringify(written.npc?.data)).toContain('remembers the stranger by the fire');
  });

  it('leaving for another place closes the scene: the run holds the scene from its opening marker', async () => {
    const home = await newHome();
    const table = await engineAt(home);
    const saveId = await newSave(table);
    await play(table, saveId, 'I ask Mother Rook for a room.');
    await play(table, saveId, 'I step out onto the quay.');
    await play(table, saveId, 'I read the tide board.');
    const runs = await readSave(home, saveId, (store) => store.boundaryRunsOfTurn(turnIdOf(store, 2)));
    const weighed = await readSave(home, saveId, (store) =>
      store.boundarySteps(runs[0]?.id ?? -1).find((row) => row.step === 'narrative_graph'),
    );
    // The narrative graph is re-weighed from the save as of the closing turn, where the persona now stands.
    expect(weighed?.output).toMatchObject({ detail: { weighed: true, turn: 2, location: 'quay' } });
    // The scene's run, then the reflections its checkpoint started.
    expect(runs.map((run) => run.status)).toEqual(['done', 'done']);
    const reflected = await readSave(home, saveId, (store) => store.boundarySteps(runs[1]?.id ?? -1));
    expect(reflected.map((row) => row.step)).toEqual(['character_reflection', 'checkpoint']);
    const snapshot = readSnapshot(runs[0]?.input);
    expect(snapshot).toMatchObject({ reason: 'location_change', turn: 2, location: 'drowned-lantern' });
    expect(snapshot.transcript[0]).toMatchObject({ turn: 1, type: 'scene_marker' });
    expect(snapshot.transcript.at(-1)?.turn).toBe(2);
    expect(snapshot.present).toContain('magdalen-rook');
  });

  it('rewinding before a scene boundary rolls back what it derived; rewinding after it keeps it', async () => {
    const home = await newHome();
    const table = await engineAt(home);
    let saveId = await newSave(table);
    await play(table, saveId, 'I ask Mother Rook for a room.');
    await play(table, saveId, '/end scene');
    await play(table, saveId, 'I sit by the fire.');

    const derived = 'remembers the stranger by the fire';
    saveId = (await play(table, saveId, '/undo')).saveId;
    const kept = await readSave(home, saveId, (store) => store.latestCheckpoint(NPC_STATE_CHECKPOINT));
    expect(JSON.stringify(kept?.data)).toContain(derived);

    saveId = (await play(table, saveId, '/undo')).saveId;
    const rolledBack = await readSave(home, saveId, (store) => ({
      npc: store.latestCheckpoint(NPC_STATE_CHECKPOINT)?.data ?? null,
      runs: store.boundaryRunsOfTurn(turnIdOf(store, 1)).length + store.unfinishedBoundaryRuns().length,
      turns: store.summary().turnCount,
    }));
    expect(rolledBack).toMatchObject({ runs: 0, turns: 1 });
    // The turn's own knowledge (the Lore Extractor's) stays; the boundary's reflections and chronicle are gone.
    expect(JSON.stringify(rolledBack.npc)).not.toContain(derived);
    expect(rolledBack.npc).not.toMatchObject({ chronicle: expect.anything() });
  });

  it('a run the app stopped half-way is resumed when the save is played again, before the next turn', async () => {
    const home = await newHome();
    const first = await engineAt(home, silentBoundary());
    const saveId = await newSave(first);
    await play(first, saveId, 'I ask Mother Rook for a room.');
    await play(first, saveId, '/end scene');
    await dispose(first);
    const stopped = await readSave(home, saveId, (store) =>
      store.unfinishedBoundaryRuns().map((run) => run.turnNumber),
    );
    expect(stopped).toEqual([2]);

    const second = await engineAt(home);
    expect((await play(second, saveId, 'I sit by the fire.')).kind).toBe('turn');
    const after = await readSave(home, saveId, (store) => ({
      unfinished: store.unfinishedBoundaryRuns().length,
      npcAt: store.latestCheckpoint(NPC_STATE_CHECKPOINT)?.turnId,
      closing: turnIdOf(store, 2),
    }));
    expect(after.unfinished).toBe(0);
    expect(after.npcAt).toBe(after.closing);
  });

  it('a boundary that keeps failing fails the turn that waits for it, naming the step; /retry resumes it', async () => {
    const home = await newHome();
    const chronicler = flakyChronicler();
    const table = await engineAt(home, chronicler);
    const saveId = await newSave(table);
    await play(table, saveId, '/end scene');
    const failed = await play(table, saveId, 'I sit by the fire.');
    expect(failed).toMatchObject({ kind: 'failed', stage: 'engine' });
    expect(failed.kind === 'failed' ? failed.reason : '').toMatch(
      /scene boundary after turn 1 .*chronicler.*server went away/u,
    );

    // Still down: /retry fails the same way and keeps pointing at the turn it retries.
    expect(await play(table, saveId, '/retry')).toMatchObject({ kind: 'failed', stage: 'engine' });
    chronicler.down = false;
    const retried = await play(table, saveId, '/retry');
    expect(retried.kind === 'turn' ? retried.messages.map((message) => message.content) : []).toContain(
      'I sit by the fire.',
    );
    const after = await readSave(home, saveId, (store) => ({
      unfinished: store.unfinishedBoundaryRuns().length,
      steps: store.boundaryRunsOfTurn(turnIdOf(store, 1)).map((run) => store.boundarySteps(run.id)),
    }));
    expect(after.unfinished).toBe(0);
    const chroniclerRow = after.steps[0]?.find((row) => row.step === 'chronicler');
    // The Chronicler finally finished (its last failure kept); the steps that had finished were not run again.
    expect(chroniclerRow).toMatchObject({ status: 'done', error: expect.stringContaining('server went away') });
    // (The Lore step waits for the Chronicler, so it had never run.)
    const waiting = ['chronicler', 'lore', 'checkpoint', 'narrative_graph'];
    const others = after.steps[0]?.filter((row) => !waiting.includes(row.step));
    expect(others?.map((row) => row.attempts)).toEqual([1, 1, 1, 1]);
    // The reflections ran once, after the scene's run had finished.
    expect(after.steps[1]?.map((row) => [row.step, row.attempts])).toEqual([
      ['character_reflection', 1],
      ['checkpoint', 1],
    ]);
  });

  it('/skip closes the scene too; the next scene opens at the later time', async () => {
    const home = await newHome();
    const table = await engineAt(home);
    const saveId = await newSave(table);
    await play(table, saveId, '/skip 2h');
    await play(table, saveId, 'I look about the taproom.');
    const run = await readSave(home, saveId, (store) => store.boundaryRunsOfTurn(turnIdOf(store, 1))[0]);
    expect(run?.status).toBe('done');
    const snapshot = readSnapshot(run?.input);
    expect(snapshot).toMatchObject({ reason: 'time_skip', time: '1768-09-29T21:30' });
    expect(snapshot.playState['time']).toBe('1768-09-29T23:30');
  });

  it("hands the scene's held-back Tier 3 work to the boundary in order, none of it lost", async () => {
    const home = await newHome();
    const table = await engineAt(home, boundaryReplies(), createInterpretingProvider().provider);
    const created = unwrap(await table.api['saves.create']({ packId: 'lantern-quay', seed: 16 }));
    await play(table, created.id, 'I step out onto the quay.');
    await play(table, created.id, 'I walk along the quay to the harbour office.');
    await play(table, created.id, 'I show Silas Crane my brass badge.');
    await play(table, created.id, '/end scene');
    await play(table, created.id, 'I look around the office.');
    const resolved = await readSave(home, created.id, (store) => {
      const [run] = store.boundaryRunsOfTurn(turnIdOf(store, 4));
      const step = store.boundarySteps(run?.id ?? -1).find((row) => row.step === 'deferred_events');
      return { snapshot: readSnapshot(run?.input), output: step?.output };
    });
    expect(resolved.snapshot.deferred).toHaveLength(1);
    expect(resolved.output).toMatchObject({ detail: { counts: { deferred: 1 }, deferred: [{ order: 1 }] } });
    expect(resolved.snapshot.transcript.some((line) => line.content.includes('brass badge'))).toBe(true);
  });
});
