import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChronicleView } from '../../../engine/api/index.ts';
import { initialNpcState, NPC_STATE_CHECKPOINT, type NpcState } from '../../../engine/boundary/index.ts';
import { chronicleStateSchema, inWorldMinutes, recordLore } from '../../../engine/npc/index.ts';
import { loadPack, type StoryPack } from '../../../engine/pack/index.ts';
import { manualClock } from '../../../engine/platform/testing.ts';
import { openSave, type NewCheckpoint, type SaveStore } from '../../../engine/store/index.ts';
import { chronicleView } from '../../../engine/inspect/index.ts';
import { cli, replayArrival } from '../../support/cli.ts';
import { STORIES_DIR } from '../../support/playthrough.ts';

const at = (text: string) => inWorldMinutes(text) ?? 0;

const chronicle = chronicleStateSchema.parse({
  version: 1,
  cycle: 1,
  at: at('1768-09-29T22:20'),
  story_state: {},
  writer_guidance: { manifesting_now: ['A shutter tears loose in the gale.'] },
});

/** A turn of its own; with `closes`, it closes a scene and its boundary run starts with it. */
function commit(store: SaveStore, command: string, checkpoints: NewCheckpoint[], closes = false): number | undefined {
  const committed = store.commitTurn({
    input: JSON.stringify({ command }),
    startedAt: 0,
    durationMs: 0,
    messages: [],
    rngState: store.meta().rngState,
    checkpoints,
    ...(closes && { boundary: { input: {}, steps: ['checkpoint'] } }),
  });
  return committed.boundaryRunId;
}

let home: string;
let save: string;
let store: SaveStore;
let pack: StoryPack;
/**
 * The arrival's last closing turn; then the turn whose scene boundary writes this test's chronicle, the later turn that
 * learns lore, and the turn whose boundary is still running.
 */
let arrival: number;
let closing: number;
let learning: number;
let stillClosing: number;

beforeAll(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'storyloom-cli-chronicle-turn-'));
  save = await replayArrival(home);
  const loaded = await loadPack(path.join(STORIES_DIR, 'lantern-quay'), { appVersion: '0.1.0' });
  if (loaded.pack === null) throw new Error('Lantern Quay did not load');
  pack = loaded.pack;
  store = await openSave(path.join(home, 'saves', save), { clock: manualClock(), appVersion: '0.1.0' });
  // The replayed arrival closes scenes itself: its last boundary run that finished is the chronicle it leaves.
  const arrived = store
    .turns()
    .filter((turn) => store.boundaryRunsOfTurn(turn.id).some((run) => run.status === 'done'))
    .at(-1);
  if (arrived === undefined) throw new Error('the arrival finished no scene boundary');
  arrival = arrived.number;
  // A turn closes the scene; its boundary run finishes and writes the chronicle on that turn.
  const runId = commit(store, 'test: a scene boundary', [], true);
  if (runId === undefined) throw new Error('the closing turn started no boundary run');
  closing = store.summary().turnCount;
  const afterBoundary: NpcState = { ...initialNpcState(pack), chronicle };
  store.finishBoundaryRun({
    runId,
    step: 'checkpoint',
    output: null,
    checkpoints: [{ kind: NPC_STATE_CHECKPOINT, data: afterBoundary }],
  });
  // The next turn learns lore: it writes npc_state too, the chronicle carried over.
  const learned = recordLore(
    afterBoundary.knowledge,
    [{ key: 'The Custom House', content: 'Its lamps burn late in a gale.', entities: [] }],
    at('1768-09-29T22:30'),
    { source: 'lore-extractor', ref: 'turn learned' },
  );
  commit(store, 'test: a turn that learns lore', [
    { kind: NPC_STATE_CHECKPOINT, data: { ...afterBoundary, knowledge: learned } },
  ]);
  learning = store.summary().turnCount;
  // A later turn closes another scene whose boundary has not finished: it has not written a chronicle yet.
  commit(store, 'test: another scene closes', [], true);
  stillClosing = store.summary().turnCount;
});

afterAll(async () => {
  store.close();
  await rm(home, { recursive: true, force: true });
});

describe('the chronicle’s turn', () => {
  it('is the closing turn of the boundary that wrote it, not the later turn that learned lore', () => {
    expect(learning).toBe(closing + 1);
    expect(chronicleView(store, pack, learning).turn).toBe(closing);
    expect(chronicleView(store, pack, learning).chronicle?.writer_guidance.manifesting_now).toEqual([
      'A shutter tears loose in the gale.',
    ]);
    expect(chronicleView(store, pack, closing).turn).toBe(closing);
    expect(chronicleView(store, pack, closing - 1).turn).toBe(arrival);
    expect(chronicleView(store, pack, closing - 1).chronicle?.writer_guidance.manifesting_now).not.toContain(
      'A shutter tears loose in the gale.',
    );
    expect(chronicleView(store, pack, 1)).toMatchObject({ turn: null, chronicle: null });
  });

  it('stays the last finished boundary’s while a later one still runs', () => {
    expect(store.unfinishedBoundaryRuns().map((run) => run.turnNumber)).toEqual([stillClosing]);
    expect(chronicleView(store, pack).turn).toBe(closing);
  });

  it('heads `inspect chronicle`, latest and as of the lore turn', async () => {
    const latest = await cli('--home', home, 'inspect', save, 'chronicle');
    expect(latest.stderr).toBe('');
    expect(latest.stdout).toContain(`Chronicle after turn ${closing}\n`);
    const asOf = await cli('--home', home, 'inspect', save, 'chronicle', '--turn', String(learning), '--json');
    const view: ChronicleView = JSON.parse(asOf.stdout);
    expect(view.turn).toBe(closing);
  });
});
