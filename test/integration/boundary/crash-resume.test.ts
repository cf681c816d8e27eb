import { spawnSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BOUNDARY_HANDLERS,
  BOUNDARY_STEPS,
  NPC_STATE_CHECKPOINT,
  npcStateFromCheckpoint,
  runBoundaryWorkflow,
  type NpcState,
} from '../../../engine/boundary/index.ts';
import type { StoryPack } from '../../../engine/pack/index.ts';
import type { SaveStore } from '../../../engine/store/index.ts';
import { ASKING_FOR_LORE, boundaryReplies, RIDERS_LORE } from '../../support/boundary-replies.ts';
import {
  CRASH_EXIT_CODE,
  lanternQuay,
  sampleSnapshot,
  saveWithRun,
  tempFolder,
  workflowDeps,
} from '../../support/boundary.ts';
import { openTestSave } from '../../support/saves.ts';

const CRASHING = fileURLToPath(new URL('../../support/boundary-crash.ts', import.meta.url));
const dirs = tempFolder();
afterEach(dirs.cleanup);

let pack: StoryPack;
/** The npc_state and play_state an uninterrupted run writes, to compare every resumed run with. */
let reference: { npc: NpcState; play: unknown };
beforeAll(async () => {
  pack = await lanternQuay();
  const { store, runId, path: file } = await saveWithRun(dirs.make(), sampleSnapshot(pack));
  expect(
    await runBoundaryWorkflow(
      workflowDeps(store, pack, BOUNDARY_HANDLERS, boundaryReplies(0, 'self_focused', ASKING_FOR_LORE)),
      runId,
    ),
  ).toEqual({
    status: 'done',
  });
  reference = written(store, file);
  // The Chronicler asked for lore, so the Lore step has work to lose in a crash too.
  expect(JSON.stringify(reference.npc)).toContain(RIDERS_LORE.content);
  store.close();
});

/** What the run wrote on its closing turn: exactly one npc_state and one play_state. */
function written(store: SaveStore, file: string): { npc: NpcState; play: unknown } {
  const [run] = store.boundaryRunsOfTurn(1);
  const checkpoints = [NPC_STATE_CHECKPOINT, 'play_state'].map((kind) => store.latestCheckpoint(kind));
  const npc = npcStateFromCheckpoint(checkpoints[0]?.data, file);
  expect(run?.status).toBe('done');
  expect(checkpoints.map((checkpoint) => checkpoint?.turnId)).toEqual([run?.turnId, run?.turnId]);
  return { npc, play: checkpoints[1]?.data };
}

function crashIn(file: string, step: string, when: 'inside' | 'after'): void {
  const child = spawnSync(process.execPath, [CRASHING, file, step, when], { encoding: 'utf8' });
  expect(child.status, `${step} ${when}: ${child.stderr}`).toBe(CRASH_EXIT_CODE);
}

function allTexts(npc: NpcState): string[] {
  const { world, persona, characters } = npc.knowledge;
  return [...world, ...persona, ...Object.values(characters).flat()].map((entry) => entry.text);
}

const cases = BOUNDARY_STEPS.flatMap((step) => (['inside', 'after'] as const).map((when) => [step, when] as const));

describe('a scene-boundary run killed mid-workflow', () => {
  it.each(cases)('crashed %s (%s its write) resumes and applies every step exactly once', async (step, when) => {
    const { store: created, path: file } = await saveWithRun(dirs.make(), sampleSnapshot(pack));
    created.close();
    crashIn(file, step, when);

    // A copy of the crashed file, as the player's disk would hold it, is what the next load opens.
    const copy = path.join(path.dirname(file), 'after-crash.storyloom');
    copyFileSync(file, copy);
    for (const suffix of ['-wal', '-shm']) {
      try {
        copyFileSync(`${file}${suffix}`, `${copy}${suffix}`);
      } catch {
        // No companion file: everything was already in the main file.
      }
    }
    const store = await openTestSave(copy, 'write');
    // The closing turn is the save's first; its run may already be done (crashed after the checkpoint's write).
    const [run] = store.boundaryRunsOfTurn(1);
    const before = new Map(store.boundarySteps(run?.id ?? -1).map((row) => [row.step, row]));
    const outcome = await runBoundaryWorkflow(
      workflowDeps(store, pack, BOUNDARY_HANDLERS, boundaryReplies(0, 'self_focused', ASKING_FOR_LORE)),
      run?.id ?? -1,
    );
    expect(outcome).toEqual({ status: 'done' });

    const after = store.boundarySteps(run?.id ?? -1);
    expect(after.every((row) => row.status === 'done')).toBe(true);
    for (const row of after) {
      // A step finished before the crash never runs again.
      if (before.get(row.step)?.status === 'done') expect(row.attempts, row.step).toBe(before.get(row.step)?.attempts);
    }
    const resumed = written(store, copy);
    expect(resumed.npc).toEqual(reference.npc);
    expect(resumed.play).toEqual(reference.play);
    // The steps wrote memories (a resume that lost them would match an empty reference too).
    expect(allTexts(resumed.npc).length).toBeGreaterThan(0);
    expect(store.unfinishedBoundaryRuns()).toEqual([]);
    store.close();
  });
});
