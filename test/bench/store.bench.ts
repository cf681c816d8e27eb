// Store benchmarks: opening a long save and committing turns. Fixtures are real save files in a temp folder.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../engine/platform/ports.ts';
import { createSave, openSave, type NewStageCall, type TurnCommit } from '../../engine/store/index.ts';
import { atMost, median, round, type Benchmark } from './types.ts';

const MESSAGES_PER_TURN = 8;
const STAGE_CALLS_PER_TURN = 6;
const OPEN_FIXTURE_MESSAGES = 100_000;
const OPEN_SAMPLES = 7;
const TAIL = 200;
const APPEND_TURNS = 500;
const APPEND_SAMPLES = 5;

const clock: Clock = { now: () => 1_700_000_000_000, monotonic: () => performance.now() };
const options = { clock, appVersion: 'bench' };
const NEW_SAVE = {
  title: 'Bench',
  packId: 'bench',
  packVersion: '1.0.0',
  packContentHash: 'sha256:bench',
  personaId: 'courier',
  rngSeed: 1,
  rngState: [1, 2, 3, 4],
} as const;

// A stage prompt of realistic shape: a stable system prompt, the recent stream, the turn's input (~2 KB).
const SYSTEM_PROMPT = 'You are the narrator of a dark-fantasy story. Keep to the beat script format. '.repeat(12);

function stageCall(stage: string, turn: number): NewStageCall {
  return {
    stage,
    principal: 'world',
    provider: 'local',
    model: 'bench-model',
    prompt: [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: `Recent events of turn ${turn}: ${'the wind, the tower, the door. '.repeat(25)}` },
    ],
    output: `{"beats":[{"type":"narration","content":"Turn ${turn} unfolds."}]}`,
    promptTokens: 1800,
    cachedTokens: 1500,
    generatedTokens: 120,
    ttftMs: 45.5,
    totalMs: 2100.25,
  };
}

function turn(n: number): TurnCommit {
  const stages = ['persona_extractor', 'narrator', 'character_dialog', 'npc_intent', 'narrator', 'character_dialog'];
  return {
    input: `I climb the stairs (${n})`,
    startedAt: 1_700_000_000_000 + n,
    durationMs: 2500,
    rngState: [n, n + 1, n + 2, n + 3],
    messages: Array.from({ length: MESSAGES_PER_TURN }, (_, i) => ({
      owner: i % 2 === 0 ? 'narrator' : 'mira',
      type: i % 2 === 0 ? 'narration' : 'dialog',
      content: `Turn ${n}, beat ${i + 1}: ${'the torchlight trembles on wet stone while footsteps echo. '.repeat(3)}`,
      ...(i % 2 === 0 ? {} : { mood: 'tense' }),
    })),
    stageCalls: stages.slice(0, STAGE_CALLS_PER_TURN).map((stage) => stageCall(stage, n)),
  };
}

async function withTempDir<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'storyloom-bench-'));
  try {
    return await use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const openLongSave: Benchmark = {
  key: 'store.open_100k_ms',
  run: () =>
    withTempDir(async (dir) => {
      const path = join(dir, 'long.storyloom');
      const store = await createSave(path, NEW_SAVE, options);
      for (let n = 1; n <= OPEN_FIXTURE_MESSAGES / MESSAGES_PER_TURN; n++) store.commitTurn(turn(n));
      store.close();
      const samples: number[] = [];
      for (let i = 0; i < OPEN_SAMPLES; i++) {
        // Each sample is a fresh connection with an empty SQLite page cache ("cold-ish": the OS cache stays warm).
        const started = performance.now();
        const opened = await openSave(path, options);
        const tail = opened.lastMessages(TAIL);
        samples.push(performance.now() - started);
        opened.close();
        if (tail.length !== TAIL) throw new Error(`read ${tail.length} messages, expected ${TAIL}`);
      }
      return {
        median: round(median(samples)),
        unit: 'ms',
        ...atMost(300),
        samples: samples.map((s) => round(s)),
        messages: OPEN_FIXTURE_MESSAGES,
        fileBytes: statSync(path).size,
      };
    }),
};

const appendMessages: Benchmark = {
  key: 'store.append_msgs_per_s',
  run: () =>
    withTempDir(async (dir) => {
      const samples: number[] = [];
      for (let s = 0; s < APPEND_SAMPLES; s++) {
        const store = await createSave(join(dir, `append-${s}.storyloom`), NEW_SAVE, options);
        const turns = Array.from({ length: APPEND_TURNS }, (_, i) => turn(i + 1));
        const started = performance.now();
        for (const commit of turns) store.commitTurn(commit);
        const seconds = (performance.now() - started) / 1000;
        store.close();
        samples.push((APPEND_TURNS * MESSAGES_PER_TURN) / seconds);
      }
      return {
        median: round(median(samples), 0),
        unit: 'msgs/s',
        samples: samples.map((s) => round(s, 0)),
        turnsPerSecond: round(median(samples) / MESSAGES_PER_TURN, 0),
        perTurn: { messages: MESSAGES_PER_TURN, stageCalls: STAGE_CALLS_PER_TURN },
      };
    }),
};

export const benchmarks: Benchmark[] = [openLongSave, appendMessages];
