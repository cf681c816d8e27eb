import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import {
  createEngineClient,
  createInProcessTransport,
  type EngineClient,
  type EngineEvent,
} from '../../engine/api/index.ts';
import { createEngine, type Engine } from '../../engine/host/index.ts';
import type { LlmProvider } from '../../engine/llm/index.ts';
import { rootsFor } from '../../engine/platform/index.ts';
import { countingIds, fixedSeedRng, manualClock } from '../../engine/platform/testing.ts';
import type { SaveStore } from '../../engine/store/index.ts';
import { boundaryReplies, splitByStage } from './boundary-replies.ts';
import { createInstantProvider } from './instant-provider.ts';
import { PERSONA } from './packs.ts';
import { STORIES_DIR, unwrap } from './playthrough.ts';
import { openTestSave } from './saves.ts';

/** A real engine in play, with the events it emitted. */
export interface Table {
  readonly engine: Engine;
  readonly api: EngineClient;
  readonly events: EngineEvent[];
}

/**
 * Real engines over throwaway homes, for scene boundaries in play: turn stages answered at once (or by `turns`),
 * boundary stages by `boundary`. Call at the top of a test file: every engine and home is disposed after each test.
 */
export function boundaryPlay() {
  const homes: string[] = [];
  const engines: Engine[] = [];
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.dispose();
    for (const home of homes.splice(0)) await rm(home, { recursive: true, force: true });
  });

  return {
    async newHome(): Promise<string> {
      const home = await mkdtemp(path.join(os.tmpdir(), 'storyloom-boundary-play-'));
      homes.push(home);
      return home;
    },

    async engineAt(
      home: string,
      boundary: LlmProvider = boundaryReplies(),
      turns: LlmProvider = createInstantProvider(),
    ): Promise<Table> {
      const provider = splitByStage(turns, boundary);
      const engine = await createEngine({
        ports: { clock: manualClock(), ids: countingIds(), rng: fixedSeedRng(), roots: rootsFor(home, STORIES_DIR) },
        appVersion: '0.1.0',
        platform: 'linux',
        llmOverride: { kind: 'scripted', file: 'test' },
        createProvider: () => Promise.resolve(provider),
      });
      engines.push(engine);
      const { api, subscribe } = createEngineClient(createInProcessTransport(engine));
      const events: EngineEvent[] = [];
      subscribe((event) => events.push(event));
      return { engine, api, events };
    },

    /** Disposes an engine before the test ends (a stop, a crash, another process opening the save). */
    async dispose(table: Table): Promise<void> {
      await table.engine.dispose();
      engines.splice(engines.indexOf(table.engine), 1);
    },
  };
}

export async function newSave(table: Table): Promise<string> {
  const created = unwrap(await table.api['saves.create']({ packId: 'lantern-quay', personaId: PERSONA }));
  return created.id;
}

export async function play(table: Table, saveId: string, text: string) {
  return unwrap(await table.api['play.submit']({ saveId, text, thought: null }));
}

export async function readSave<T>(home: string, saveId: string, read: (store: SaveStore) => T): Promise<T> {
  const store = await openTestSave(path.join(home, 'saves', saveId));
  try {
    return read(store);
  } finally {
    store.close();
  }
}

export function turnIdOf(store: SaveStore, number: number): number {
  return store.turns().find((turn) => turn.status === 'committed' && turn.number === number)?.id ?? -1;
}
