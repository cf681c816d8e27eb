import path from 'node:path';
import {
  BOUNDARY_STEPS,
  initialNpcState,
  type BoundaryHandlers,
  type BoundaryProgress,
  type BoundarySnapshot,
  type WorkflowDeps,
} from '../../engine/boundary/index.ts';
import { createLlmRouter, routingConfigSchema, type LlmProvider } from '../../engine/llm/index.ts';
import type { StoryPack } from '../../engine/pack/index.ts';
import { PromptBook } from '../../engine/prompts/index.ts';
import { createSave, type SaveStore } from '../../engine/store/index.ts';
import { initialPlayState } from '../../engine/turn/index.ts';
import { manualClock } from '../../engine/platform/testing.ts';
import { PERSONA } from './packs.ts';
import { storeOptions, tempFolders } from './saves.ts';

export { lanternQuay, PERSONA } from './packs.ts';
/** How test/support/boundary-crash.ts dies at its crash point (any other exit means it never got there). */
export const CRASH_EXIT_CODE = 70;

/** A throwaway folder per test file. */
export function tempFolder(): { make: () => string; cleanup: () => void } {
  return tempFolders('storyloom-boundary-');
}

/** The Lantern Quay arrival scene as it closes: Kit Wickett and Mother Rook present, one deferred item, a short transcript. */
export function sampleSnapshot(pack: StoryPack): BoundarySnapshot {
  const play = initialPlayState(pack, PERSONA);
  const line = (seq: number, owner: string, type: string, content: string) => ({
    turn: 1,
    seq,
    owner,
    type,
    content,
    mood: null,
    meta: null,
  });
  return {
    version: 1,
    turn: 1,
    scene: 1,
    reason: 'scene_close',
    time: play.time,
    location: play.location,
    personaId: PERSONA,
    present: [PERSONA, 'kit-wickett', 'magdalen-rook'],
    states: {},
    transcript: [
      line(1, PERSONA, 'intention', 'I ask the landlady whether Riding Officer Pell lodges here.'),
      line(2, 'narrator', 'narration', 'The fire spits. Kit Wickett watches from the settle.'),
      line(3, 'magdalen-rook', 'dialog', 'Mr. Pell? Not since the spring tide, my lamb.'),
    ],
    deferred: [
      { outcome: { kind: 'record', record: { kind: 'event' } }, effect: null, causedBy: null, reason: 'deferred_tier' },
    ],
    ledger: [{ seq: 1, turn: 1, record: { kind: 'event', event: { type: 'SceneEntered' } } }],
    npc: JSON.parse(JSON.stringify(initialNpcState(pack))),
    playState: JSON.parse(JSON.stringify({ ...play, scene: 2, pendingMarkers: [{ marker: 'scene_open' }] })),
  };
}

/** A save whose first turn closed a scene: the run started with it, every step pending. */
export async function saveWithRun(
  dir: string,
  snapshot: BoundarySnapshot,
): Promise<{ store: SaveStore; runId: number; path: string }> {
  const file = path.join(dir, 'boundary.storyloom');
  const store = await createSave(
    file,
    {
      title: 'Boundary',
      packId: 'lantern-quay',
      packVersion: '1',
      packContentHash: 'hash',
      personaId: PERSONA,
      rngSeed: 1,
      rngState: [1, 2, 3, 4],
    },
    storeOptions(),
  );
  const committed = store.commitTurn({
    input: '{"command":"/end scene"}',
    startedAt: 0,
    durationMs: 0,
    messages: [{ owner: 'system', type: 'scene_marker', content: 'The scene closes' }],
    stageCalls: [{ stage: 'narrator', principal: 'narrator', provider: 'scripted', model: 'scripted', prompt: [] }],
    rngState: [1, 2, 3, 4],
    checkpoint: { kind: 'play_state', data: snapshot.playState },
    boundary: { input: snapshot, steps: BOUNDARY_STEPS },
  });
  if (committed.boundaryRunId === undefined) throw new Error('the closing turn started no run');
  return { store, runId: committed.boundaryRunId, path: file };
}

/** Every stage answered by `provider` (a scripted one in these tests). */
export function routerFor(provider: LlmProvider) {
  const routing = routingConfigSchema.parse({ default: { kind: 'scripted', file: 'boundary' } });
  return createLlmRouter(routing, () => Promise.resolve(provider));
}

export function workflowDeps(
  store: SaveStore,
  pack: StoryPack,
  handlers: BoundaryHandlers,
  provider: LlmProvider,
  extra: Partial<WorkflowDeps> = {},
): WorkflowDeps & { readonly progress: BoundaryProgress[] } {
  const progress: BoundaryProgress[] = [];
  return {
    store,
    handlers,
    pack,
    prompts: PromptBook.create(pack.prompts).book,
    personaId: PERSONA,
    router: routerFor(provider),
    clock: manualClock(),
    emit: () => undefined,
    stageTimeoutMs: 10_000,
    onProgress: (event) => progress.push(event),
    progress,
    ...extra,
  };
}
