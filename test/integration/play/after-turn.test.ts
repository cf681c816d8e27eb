import { spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngineClient, createInProcessTransport, type EngineClient } from '../../../engine/api/index.ts';
import { NPC_STATE_CHECKPOINT } from '../../../engine/boundary/index.ts';
import { createEngine, type Engine } from '../../../engine/host/index.ts';
import { LlmError, type LlmObjectRequest, type LlmProvider } from '../../../engine/llm/index.ts';
import { rootsFor } from '../../../engine/platform/index.ts';
import { countingIds, fixedSeedRng, manualClock } from '../../../engine/platform/testing.ts';
import type { SaveStore } from '../../../engine/store/index.ts';
import { APPLY_STEP, PLAY_STATE_CHECKPOINT } from '../../../engine/turn/index.ts';
import { CRASH_EXIT_CODE } from '../../support/boundary.ts';
import { createInstantProvider } from '../../support/instant-provider.ts';
import { PERSONA } from '../../support/packs.ts';
import { STORIES_DIR, unwrap } from '../../support/playthrough.ts';
import { openTestSave } from '../../support/saves.ts';

const CRASHING = fileURLToPath(new URL('../../support/after-turn-crash.ts', import.meta.url));
const EXTRACTORS = new Set(['persona_extractor', 'character_extractor', 'lore_extractor']);

const homes: string[] = [];
const engines: Engine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.dispose();
  for (const home of homes.splice(0)) await rm(home, { recursive: true, force: true });
});

/**
 * Test double at the LLM boundary: every stage answered at once, except that the extractors' calls are held while
 * `silent` is set: a held call answers when `release` is called, and fails when its run is stopped.
 */
function extractorsHeld(): LlmProvider & { silent: boolean; release: () => void } {
  const instant = createInstantProvider();
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const provider = {
    ...instant,
    silent: true,
    release: () => {
      provider.silent = false;
      release();
    },
    generateObject: async <T>(request: LlmObjectRequest<T>) => {
      if (provider.silent && EXTRACTORS.has(request.stage)) {
        // Like a real provider, a call whose work was stopped before it began fails at once.
        const stopped = new Promise<never>((_resolve, reject) => {
          const stop = () => reject(new LlmError('aborted', 'stopped', request.stage));
          if (request.signal?.aborted === true) stop();
          request.signal?.addEventListener('abort', stop);
        });
        await Promise.race([released, stopped]);
      }
      return instant.generateObject(request);
    },
  };
  return provider;
}

async function engineAt(home: string, provider: LlmProvider): Promise<{ engine: Engine; api: EngineClient }> {
  const engine = await createEngine({
    ports: { clock: manualClock(), ids: countingIds(), rng: fixedSeedRng(), roots: rootsFor(home, STORIES_DIR) },
    appVersion: '0.1.0',
    platform: 'linux',
    llmOverride: { kind: 'scripted', file: 'test' },
    createProvider: () => Promise.resolve(provider),
  });
  engines.push(engine);
  return { engine, api: createEngineClient(createInProcessTransport(engine)).api };
}

async function newHome(): Promise<string> {
  const home = await mkdtemp(path.join(os.tmpdir(), 'storyloom-after-turn-'));
  homes.push(home);
  return home;
}

async function readSave<T>(home: string, saveId: string, read: (store: SaveStore) => T): Promise<T> {
  const store = await openTestSave(path.join(home, 'saves', saveId));
  try {
    return read(store);
  } finally {
    store.close();
  }
}

/**
 * One turn played whose after-turn work was under way when the app went away (the engine disposed while every
 * extractor call was still out): its run and its steps are left `running` in the save, as a crash leaves them.
 */
async function saveWithWorkUnderWay(home: string): Promise<string> {
  const { engine, api } = await engineAt(home, extractorsHeld());
  const saveId = unwrap(await api['saves.create']({ packId: 'lantern-quay', personaId: PERSONA })).id;
  expect(unwrap(await api['play.submit']({ saveId, text: 'I warm my hands by the fire.', thought: null })).kind).toBe(
    'turn',
  );
  await engine.dispose();
  engines.splice(engines.indexOf(engine), 1);
  return saveId;
}

/** What the turn's after-turn work derived: the play and npc states, the run's rows, and the checkpoints per kind. */
function derived(store: SaveStore) {
  const turn = store.turns().find((candidate) => candidate.number === 1);
  const [run] = store.boundaryRunsOfTurn(turn?.id ?? -1, 'after_turn');
  return {
    run: run?.status,
    steps: store.boundarySteps(run?.id ?? -1).map((step) => `${step.step} ${step.status}`),
    play: store.latestCheckpoint(PLAY_STATE_CHECKPOINT)?.data,
    npc: store.latestCheckpoint(NPC_STATE_CHECKPOINT)?.data,
  };
}

/** How many checkpoints of each kind the save holds: a step applied twice would write its checkpoints twice. */
function checkpointCounts(file: string): unknown {
  const sqlite = new Database(file, { readonly: true });
  try {
    return sqlite.prepare('select kind, count(*) as count from checkpoints group by kind order by kind').all();
  } finally {
    sqlite.close();
  }
}

async function settleIn(home: string, saveId: string) {
  const { api } = await engineAt(home, createInstantProvider());
  return unwrap(await api['play.settle']({ saveId }));
}

describe('after-turn work', () => {
  it('runs after the turn resolved, and the next turn waits for it', async () => {
    const home = await newHome();
    const provider = extractorsHeld();
    const { api } = await engineAt(home, provider);
    const saveId = unwrap(await api['saves.create']({ packId: 'lantern-quay', personaId: PERSONA })).id;
    const played = unwrap(await api['play.submit']({ saveId, text: 'I warm my hands by the fire.', thought: null }));
    // The prose is committed and the player may type, while every extractor call is still out.
    expect(played.kind).toBe('turn');
    const pending = await readSave(home, saveId, derived);
    expect(pending.run).toBe('running');
    expect(pending.steps.filter((step) => step.endsWith('running')).length).toBeGreaterThan(0);

    provider.release();
    const next = api['play.submit']({ saveId, text: 'I look about the taproom.', thought: null });
    expect(unwrap(await next).kind).toBe('turn');
    const settled = await readSave(home, saveId, derived);
    expect(settled.run).toBe('done');
    expect(settled.steps.every((step) => step.endsWith(' done'))).toBe(true);
    expect(JSON.stringify(settled.play)).toContain('They gutter in the harbour wind.');
  });

  it('resumes after a crash when the save is opened again, and applies every step exactly once', async () => {
    const reference = await (async () => {
      const home = await newHome();
      const saveId = await saveWithWorkUnderWay(home);
      expect((await settleIn(home, saveId)).failure).toBeNull();
      return { ...(await readSave(home, saveId, derived)), counts: checkpointCounts(path.join(home, 'saves', saveId)) };
    })();
    expect(reference.run).toBe('done');
    expect(JSON.stringify(reference.npc)).toContain('They gutter in the harbour wind.');
    const names = reference.steps.map((step) => step.split(' ')[0] ?? '');
    expect(names.at(-1)).toBe(APPLY_STEP);

    // One step of each kind (the persona's state extractor, a Lore Extractor) and the step that applies them.
    const kinds = ['persona_extractor', 'lore_extractor', APPLY_STEP].map((kind) =>
      names.find((name) => name.endsWith(kind)),
    );
    expect(kinds.every((name) => name !== undefined)).toBe(true);
    for (const step of kinds.filter((name) => name !== undefined)) {
      for (const when of ['inside', 'after'] as const) {
        const home = await newHome();
        const saveId = await saveWithWorkUnderWay(home);
        const file = path.join(home, 'saves', saveId);
        const child = spawnSync(process.execPath, [CRASHING, file, step, when], { encoding: 'utf8' });
        expect(child.status, `${step} ${when}: ${child.stderr}`).toBe(CRASH_EXIT_CODE);

        expect((await settleIn(home, saveId)).failure).toBeNull();
        const resumed = await readSave(home, saveId, derived);
        expect(resumed.run, `${step} ${when}`).toBe('done');
        expect(resumed.steps, `${step} ${when}`).toEqual(reference.steps);
        expect(resumed.play, `${step} ${when}`).toEqual(reference.play);
        expect(resumed.npc, `${step} ${when}`).toEqual(reference.npc);
        expect(checkpointCounts(file), `${step} ${when}`).toEqual(reference.counts);
      }
    }
  }, 120_000);

  it('is rolled back by /undo, stopped if still under way: the fork keeps neither the work nor its writes', async () => {
    const home = await newHome();
    const provider = extractorsHeld();
    provider.silent = false;
    const { api } = await engineAt(home, provider);
    const saveId = unwrap(await api['saves.create']({ packId: 'lantern-quay', personaId: PERSONA })).id;
    unwrap(await api['play.submit']({ saveId, text: 'I warm my hands by the fire.', thought: null }));
    expect(unwrap(await api['play.settle']({ saveId })).failure).toBeNull();
    const afterOne = await readSave(home, saveId, (store) => store.latestCheckpoint(PLAY_STATE_CHECKPOINT)?.data);

    // Turn 2's extractors are still out when the player undoes it.
    provider.silent = true;
    unwrap(await api['play.submit']({ saveId, text: 'I ask the keeper for a room.', thought: null }));
    const undone = unwrap(await api['play.submit']({ saveId, text: '/undo', thought: null }));
    expect(undone).toMatchObject({ kind: 'forked', reason: 'undo' });
    const fork = await readSave(home, undone.saveId, (store) => ({
      unfinished: store.unfinishedRuns().length,
      turns: store.turns().map((turn) => turn.number),
      play: store.latestCheckpoint(PLAY_STATE_CHECKPOINT)?.data,
    }));
    expect(fork).toEqual({ unfinished: 0, turns: [1], play: afterOne });

    // Turn 2's work done, then undone: its writes go with it.
    provider.silent = false;
    const forkId = undone.saveId;
    unwrap(await api['play.submit']({ saveId: forkId, text: 'I ask the keeper for a room.', thought: null }));
    expect(unwrap(await api['play.settle']({ saveId: forkId })).failure).toBeNull();
    const again = unwrap(await api['play.submit']({ saveId: forkId, text: '/undo', thought: null }));
    const second = await readSave(home, again.saveId, (store) => store.latestCheckpoint(PLAY_STATE_CHECKPOINT)?.data);
    expect(second).toEqual(afterOne);
  });
});
