import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BOUNDARY_STEPS,
  NPC_STATE_CHECKPOINT,
  STEP_DEPENDENCIES,
  npcStateFromCheckpoint,
  runBoundaryWorkflow,
  type BoundaryHandlers,
  type StepHandler,
  type WorkStep,
} from '../../../engine/boundary/index.ts';
import { createScriptedProvider, type ScriptedProvider } from '../../../engine/llm/index.ts';
import type { StoryPack } from '../../../engine/pack/index.ts';
import { lanternQuay, sampleSnapshot, saveWithRun, tempFolder, workflowDeps } from '../../support/boundary.ts';

const dirs = tempFolder();
afterEach(dirs.cleanup);
let pack: StoryPack;
let noCalls: ScriptedProvider;
beforeAll(async () => {
  pack = await lanternQuay();
  noCalls = await createScriptedProvider({ entries: [] });
});

const WORK_STEPS = BOUNDARY_STEPS.filter((step): step is WorkStep => step !== 'checkpoint');

/** Test double: every step answers with an empty result, after yielding to the event loop a few times. */
function recordingHandlers(log: string[], override: Partial<BoundaryHandlers> = {}): BoundaryHandlers {
  const handler =
    (step: WorkStep): StepHandler =>
    async () => {
      log.push(`start ${step}`);
      for (let i = 0; i < 3; i += 1) await new Promise((resolve) => setImmediate(resolve));
      log.push(`end ${step}`);
      return {};
    };
  const pick = (step: WorkStep): StepHandler => override[step] ?? handler(step);
  return {
    deferred_events: pick('deferred_events'),
    offscreen_propagation: pick('offscreen_propagation'),
    social_ripple: pick('social_ripple'),
    world_state: pick('world_state'),
    character_reflection: pick('character_reflection'),
    chronicler: pick('chronicler'),
    lore: pick('lore'),
    narrative_graph: pick('narrative_graph'),
  };
}

async function started(snapshot = sampleSnapshot(pack)) {
  return saveWithRun(dirs.make(), snapshot);
}

describe('the scene-boundary workflow', () => {
  it('runs the steps that wait only for deferred events side by side', async () => {
    const { store, runId } = await started();
    const log: string[] = [];
    expect(await runBoundaryWorkflow(workflowDeps(store, pack, recordingHandlers(log), noCalls), runId)).toEqual({
      status: 'done',
    });
    const parallel = ['offscreen_propagation', 'social_ripple', 'world_state', 'character_reflection', 'chronicler'];
    const lastStart = Math.max(...parallel.map((step) => log.indexOf(`start ${step}`)));
    const firstEnd = Math.min(...parallel.map((step) => log.indexOf(`end ${step}`)));
    expect(lastStart).toBeLessThan(firstEnd);
    store.close();
  });

  it('starts every step only after each of its dependencies has finished', async () => {
    const { store, runId } = await started();
    const log: string[] = [];
    await runBoundaryWorkflow(workflowDeps(store, pack, recordingHandlers(log), noCalls), runId);
    for (const step of WORK_STEPS) {
      for (const dependency of STEP_DEPENDENCIES[step]) {
        expect(log.indexOf(`start ${step}`), `${step} after ${dependency}`).toBeGreaterThan(
          log.indexOf(`end ${dependency}`),
        );
      }
    }
    expect(store.boundaryRun(runId)?.status).toBe('done');
    store.close();
  });

  it('retries a failing step on its own, keeping the error of the attempt that failed', async () => {
    const { store, runId } = await started();
    let calls = 0;
    const flaky: StepHandler = () => {
      calls += 1;
      return calls < 3 ? Promise.reject(new Error(`lost the thread (${calls})`)) : Promise.resolve({});
    };
    const deps = workflowDeps(store, pack, recordingHandlers([], { chronicler: flaky }), noCalls);
    expect(await runBoundaryWorkflow(deps, runId)).toEqual({ status: 'done' });
    const row = store.boundarySteps(runId).find((step) => step.step === 'chronicler');
    expect(row).toMatchObject({ status: 'done', attempts: 3, error: 'lost the thread (2)' });
    expect(deps.progress.filter((event) => event.step === 'chronicler').map((event) => event.status)).toEqual([
      'started',
      'retrying',
      'started',
      'retrying',
      'started',
      'done',
    ]);
    store.close();
  });

  it('fails the run naming the step that kept failing, lets the running steps finish, and resumes without re-running done steps', async () => {
    const { store, runId } = await started();
    const broken: StepHandler = () => Promise.reject(new Error('the rumour mill is closed'));
    const first = workflowDeps(store, pack, recordingHandlers([], { social_ripple: broken }), noCalls);
    expect(await runBoundaryWorkflow(first, runId)).toEqual({
      status: 'failed',
      step: 'social_ripple',
      reason: 'the rumour mill is closed',
    });
    expect(store.boundaryRun(runId)).toMatchObject({
      status: 'failed',
      error: 'social_ripple: the rumour mill is closed',
    });
    const statuses = Object.fromEntries(store.boundarySteps(runId).map((row) => [row.step, row.status]));
    expect(statuses).toEqual({
      deferred_events: 'done',
      offscreen_propagation: 'done',
      social_ripple: 'failed',
      world_state: 'done',
      character_reflection: 'done',
      chronicler: 'done',
      // It waits for the Chronicler, which finished after the failure: no new step starts once one has failed.
      lore: 'pending',
      narrative_graph: 'pending',
      checkpoint: 'pending',
    });

    const log: string[] = [];
    expect(await runBoundaryWorkflow(workflowDeps(store, pack, recordingHandlers(log), noCalls), runId)).toEqual({
      status: 'done',
    });
    expect(log.filter((line) => line.startsWith('start'))).toEqual([
      'start social_ripple',
      'start lore',
      'start narrative_graph',
    ]);
    expect(store.boundaryRun(runId)?.status).toBe('done');
    store.close();
  });

  it('applies every step result at the checkpoint, once: knowledge recorded, parts replaced, characters moved', async () => {
    const { store, runId, path } = await started();
    const memory = (text: string) => ({
      kind: 'memory',
      text,
      time: 0,
      salience: 5,
      provenance: { source: 'character-reflection', ref: 'turn:1' },
    });
    const handlers = recordingHandlers([], {
      character_reflection: () =>
        Promise.resolve({
          knowledge: [
            { audience: { kind: 'character', id: 'kit-wickett' }, drafts: [memory('A stranger asked for Pell.')] },
          ],
        }),
      chronicler: () => Promise.resolve({ npc: { chronicle: { threads: ['Where is Pell?'] } } }),
      offscreen_propagation: () => Promise.resolve({ play: { positions: { 'silas-crane': 'harbour-office' } } }),
    });
    await runBoundaryWorkflow(workflowDeps(store, pack, handlers, noCalls), runId);
    // Running a finished run again changes nothing.
    await runBoundaryWorkflow(workflowDeps(store, pack, handlers, noCalls), runId);

    const npc = npcStateFromCheckpoint(store.latestCheckpoint(NPC_STATE_CHECKPOINT)?.data, path);
    expect(npc.knowledge.characters['kit-wickett']?.map((entry) => entry.text)).toEqual(['A stranger asked for Pell.']);
    expect(npc.chronicle).toEqual({ threads: ['Where is Pell?'] });
    const play = store.latestCheckpoint('play_state')?.data;
    expect(play).toMatchObject({ scene: 2, positions: { 'silas-crane': 'harbour-office' } });
    const turnId = store.boundaryRun(runId)?.turnId ?? -1;
    expect(store.boundaryRunsOfTurn(turnId)).toHaveLength(1);
    store.close();
  });

  it('fails the step whose result has the wrong shape, not the checkpoint after it', async () => {
    const { store, runId } = await started();
    const handlers = recordingHandlers([], { world_state: () => Promise.resolve({ play: { time: 7 } }) });
    const outcome = await runBoundaryWorkflow(workflowDeps(store, pack, handlers, noCalls, { maxAttempts: 1 }), runId);
    expect(outcome).toMatchObject({ status: 'failed', step: 'world_state' });
    store.close();
  });

  it("logs a step's stage calls on the closing turn, after the turn's own", async () => {
    const { store, runId } = await started();
    const provider = await createScriptedProvider({
      entries: [{ stage: 'chronicler', reply: { note: 'the tide turns' } }],
    });
    const asking: StepHandler = async (context) => {
      const answer = await context.callObject({
        stage: 'chronicler',
        principal: 'chronicler',
        messages: [{ role: 'user', content: 'What changed?' }],
        schema: z.object({ note: z.string() }),
        schemaName: 'note',
      });
      return { detail: answer.note };
    };
    await runBoundaryWorkflow(
      workflowDeps(store, pack, recordingHandlers([], { chronicler: asking }), provider),
      runId,
    );
    const turnId = store.boundaryRun(runId)?.turnId ?? -1;
    expect(store.stageCalls(turnId).map((call) => [call.seq, call.stage])).toEqual([
      [1, 'narrator'],
      [2, 'chronicler'],
    ]);
    expect(store.boundarySteps(runId).find((row) => row.step === 'chronicler')?.output).toEqual({
      detail: 'the tide turns',
    });
    store.close();
  });
});
