// Store benchmarks on a real save's payload: the writes of Lantern Quay's scripted arrival (real prompts, checkpoints
// and run snapshots, recorded from the real engine) replayed as a long game. How many bytes a turn costs, how long a
// real turn takes to commit, and how long the engine API takes to read a page of history from a 2,000-turn save.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../engine/platform/ports.ts';
import { createSave, type SaveStore } from '../../engine/store/index.ts';
import { createScriptedProvider } from '../../engine/llm/index.ts';
import { startPlay, unwrap } from '../support/playthrough.ts';
import { recordArrival, replay, type Recording } from './store-recording.ts';
import { atMost, median, round, type Benchmark } from './types.ts';

/** Ten playthroughs in a row: long enough that the first call of each stage no longer dominates. */
const SIZE_CYCLES = 10;
const LONG_GAME_TURNS = 2000;
const PAGE = 50;
const PAGE_SAMPLES = 21;

const clock: Clock = { now: () => 1_700_000_000_000, monotonic: () => performance.now() };
const options = { clock, appVersion: '0.1.0' };

let recording: Promise<Recording> | null = null;
function arrival(): Promise<Recording> {
  recording ??= recordArrival();
  return recording;
}

function newSave(path: string): Promise<SaveStore> {
  return createSave(
    path,
    {
      title: 'Lantern Quay',
      packId: 'lantern-quay',
      packVersion: '1.0.0',
      packContentHash: 'sha256:bench',
      personaId: 'sam-fairweather',
      rngSeed: 16,
      rngState: [1, 2, 3, 4],
    },
    options,
  );
}

async function withTempDir<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'storyloom-bench-'));
  try {
    return await use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const bytesPerTurn: Benchmark = {
  key: 'store.bytes_per_turn_lq',
  run: async () => {
    const rec = await arrival();
    return withTempDir(async (dir) => {
      const sizeAfter = async (name: string, cycles: number): Promise<number> => {
        const path = join(dir, name);
        const store = await newSave(path);
        replay(store, rec, cycles);
        store.close();
        return statSync(path).size;
      };
      const empty = await sizeAfter('empty.storyloom', 0);
      const one = await sizeAfter('one.storyloom', 1);
      const long = await sizeAfter('long.storyloom', SIZE_CYCLES);
      const perTurn = (long - empty) / (rec.turns * SIZE_CYCLES);
      return {
        median: round(perTurn / 1024, 1),
        unit: 'KB/turn',
        ...atMost(20),
        turns: rec.turns * SIZE_CYCLES,
        fileBytes: long,
        emptySaveBytes: empty,
        /** The playthrough alone (its first call of every stage included). */
        onePlaythroughKbPerTurn: round((one - empty) / rec.turns / 1024, 1),
      };
    });
  },
};

interface LongGame {
  readonly dir: string;
  readonly path: string;
  readonly commitMs: readonly number[];
  readonly turns: number;
}

let longGame: Promise<LongGame> | null = null;
/** One 2,000-turn save for the page-read and append benchmarks (built once per run; removed at exit). */
function buildLongGame(): Promise<LongGame> {
  longGame ??= (async () => {
    const rec = await arrival();
    const dir = mkdtempSync(join(tmpdir(), 'storyloom-bench-long-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, 'long-game.storyloom');
    const store = await newSave(path);
    const commitMs: number[] = [];
    replay(store, rec, Math.ceil(LONG_GAME_TURNS / rec.turns), (ms) => commitMs.push(ms));
    store.close();
    return { dir, path, commitMs, turns: commitMs.length };
  })();
  return longGame;
}

const readPage: Benchmark = {
  key: 'store.read_page_2000_turns_ms',
  run: async () => {
    const game = await buildLongGame();
    const provider = await createScriptedProvider({ entries: [] });
    const setup = await startPlay(async () => provider);
    try {
      const id = 'long-game.storyloom';
      mkdirSync(join(setup.home, 'saves'), { recursive: true });
      copyFileSync(game.path, join(setup.home, 'saves', id));
      const { api } = setup;
      const time = async <T>(read: () => Promise<T>): Promise<[number, T]> => {
        const started = performance.now();
        const value = await read();
        return [performance.now() - started, value];
      };
      const [firstMs] = await time(async () => unwrap(await api['saves.messages']({ id, limit: PAGE })));
      const pages: number[] = [];
      const debugTabs: number[] = [];
      let beforeId: number | null = null;
      for (let i = 0; i < PAGE_SAMPLES; i++) {
        // Paging back through the history, as the play view does when the player scrolls up.
        const [ms, page] = await time(async () =>
          unwrap(await api['saves.messages']({ id, limit: PAGE, ...(beforeId === null ? {} : { beforeId }) })),
        );
        pages.push(ms);
        beforeId = page[0]?.id ?? null;
        const [tabMs] = await time(async () => unwrap(await api['saves.stageCalls']({ id, turnId: 1000 + i })));
        debugTabs.push(tabMs);
      }
      return {
        median: round(median(pages)),
        unit: 'ms',
        ...atMost(10),
        samples: pages.map((s) => round(s)),
        firstReadMs: round(firstMs),
        stageCallsTabMs: round(median(debugTabs)),
        turns: game.turns,
        fileBytes: statSync(game.path).size,
      };
    } finally {
      await setup.cleanup();
    }
  },
};

const appendRealTurn: Benchmark = {
  key: 'store.append_real_turn_ms',
  run: async () => {
    const game = await buildLongGame();
    const sorted = [...game.commitMs].sort((a, b) => a - b);
    return {
      median: round(median(game.commitMs)),
      unit: 'ms',
      p90: round(sorted[Math.floor(sorted.length * 0.9)] ?? 0),
      turns: game.turns,
      firstHundredMedian: round(median(game.commitMs.slice(0, 100))),
      lastHundredMedian: round(median(game.commitMs.slice(-100))),
    };
  },
};

export const benchmarks: Benchmark[] = [bytesPerTurn, readPage, appendRealTurn];
