import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  createEngineClient,
  createInProcessTransport,
  type EngineClient,
  type EngineEvent,
  type PlayResult,
  type Result,
} from '../../engine/api/index.ts';
import { readInputsFile, type ScriptedInput } from '../../engine/pack/index.ts';
import { createEngine, type Engine } from '../../engine/host/index.ts';
import {
  createScriptedProvider,
  type LlmProvider,
  type ProviderConfig,
  type ScriptedProvider,
} from '../../engine/llm/index.ts';
import { rootsFor } from '../../engine/platform/index.ts';
import { openSave, type SaveStore } from '../../engine/store/index.ts';
import { countingIds, fixedSeedRng, manualClock } from '../../engine/platform/testing.ts';
import { STORIES_DIR, TEST_PACKS_DIR } from './packs.ts';

export { STORIES_DIR, TEST_PACKS_DIR };

export interface PlaySetup {
  readonly engine: Engine;
  readonly api: EngineClient;
  readonly events: EngineEvent[];
  /** Another listener on the engine's events (benchmarks time them as they arrive); returns the unsubscribe. */
  readonly subscribe: (listener: (event: EngineEvent) => void) => () => void;
  readonly home: string;
  cleanup(): Promise<void>;
}

/**
 * A real engine over a throwaway home with the built-in stories, every stage served by `provider` (a scripted one, or
 * any LlmProvider a test builds). Deterministic clock, ids and seeds.
 */
export async function startPlay(
  provider: (config: ProviderConfig) => Promise<LlmProvider>,
  override: ProviderConfig = { kind: 'scripted', file: 'test' },
  storiesDir: string = STORIES_DIR,
): Promise<PlaySetup> {
  const home = await mkdtemp(path.join(os.tmpdir(), 'storyloom-play-'));
  const engine = await createEngine({
    ports: { clock: manualClock(), ids: countingIds(), rng: fixedSeedRng(), roots: rootsFor(home, storiesDir) },
    appVersion: '0.1.0',
    platform: 'linux',
    llmOverride: override,
    createProvider: provider,
  });
  const { api, subscribe } = createEngineClient(createInProcessTransport(engine));
  const events: EngineEvent[] = [];
  subscribe((event) => events.push(event));
  return {
    engine,
    api,
    events,
    subscribe,
    home,
    cleanup: async () => {
      await engine.dispose();
      await rm(home, { recursive: true, force: true });
    },
  };
}

export interface FixtureRun {
  readonly setup: PlaySetup;
  readonly provider: ScriptedProvider;
  readonly saveId: string;
  readonly results: readonly PlayResult[];
}

/** The replayed save, opened for reading beside the engine that still holds it for play (close it when done). */
export function readFixtureSave(run: FixtureRun): Promise<SaveStore> {
  return openSave(
    path.join(run.setup.home, 'saves', run.saveId),
    { clock: manualClock(), appVersion: '0.1.0' },
    'read',
  );
}

/**
 * Replays `<stories>/<pack>/fixtures/<name>.inputs` against its scripted replies `<name>.yaml`; the built-in stories
 * unless another folder of packs is named (the test packs of test/fixtures/packs).
 */
export async function replayFixture(
  packId: string,
  name: string,
  storiesDir: string = STORIES_DIR,
): Promise<FixtureRun> {
  const fixtures = path.join(storiesDir, packId, 'fixtures');
  const provider = await createScriptedProvider({ file: path.join(fixtures, `${name}.yaml`) });
  const file = await readInputsFile(path.join(fixtures, `${name}.inputs`));
  const setup = await startPlay(async () => provider, undefined, storiesDir);
  const created = unwrap(
    await setup.api['saves.create']({
      packId,
      ...(file.persona === undefined ? {} : { personaId: file.persona }),
      ...(file.seed === undefined ? {} : { seed: file.seed }),
    }),
  );
  const { saveId, results } = await playAll(setup.api, created.id, file.inputs);
  return { setup, provider, saveId, results };
}

export async function playAll(
  api: EngineClient,
  firstSaveId: string,
  inputs: readonly ScriptedInput[],
): Promise<{ saveId: string; results: PlayResult[] }> {
  let saveId = firstSaveId;
  const results: PlayResult[] = [];
  for (const input of inputs) {
    const result = unwrap(await api['play.submit']({ saveId, text: input.text, thought: input.thought }));
    results.push(result);
    saveId = result.saveId;
  }
  // The last turn's extractors run after it resolved: the save holds what they wrote once they have finished.
  const settled = unwrap(await api['play.settle']({ saveId }));
  if (settled.failure !== null) throw new Error(`the after-turn work failed: ${JSON.stringify(settled.failure)}`);
  return { saveId, results };
}

export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** Every scripted playthrough the built-in packs ship, as [pack, fixture name]; `keep` picks packs by their folder. */
export function goldenFixtures(keep: (packDir: string) => boolean = () => true): (readonly [string, string])[] {
  return readdirSync(STORIES_DIR).flatMap((pack) => {
    const dir = path.join(STORIES_DIR, pack, 'fixtures');
    if (!existsSync(dir) || !keep(path.join(STORIES_DIR, pack))) return [];
    return readdirSync(dir)
      .filter((file) => file.endsWith('.inputs'))
      .map((file) => [pack, file.replace(/\.inputs$/u, '')] as const);
  });
}
