import { performance } from 'node:perf_hooks';
import type { Benchmark } from './types.ts';
import { atLeast, atMost, median, round } from './types.ts';
import { createInstantProvider } from '../support/instant-provider.ts';
import { startPlay, unwrap } from '../support/playthrough.ts';
import { createTinyProvider, makeTinyModel } from '../support/tiny-model.ts';

const TURNS = 200;
const WARMUP = 20;

/** `turn.engine_overhead_ms`: a whole turn on the port pack with a zero-latency provider — everything but the model. */
async function engineOverhead() {
  const provider = createInstantProvider();
  const setup = await startPlay(async () => provider);
  try {
    const save = unwrap(await setup.api['saves.create']({ packId: 'lantern-quay', seed: 11 }));
    const samples: number[] = [];
    const stagesPerTurn: number[] = [];
    for (let turn = 0; turn < TURNS + WARMUP; turn++) {
      const before = setup.events.length;
      const started = performance.now();
      const result = unwrap(
        await setup.api['play.submit']({ saveId: save.id, text: `I look around the taproom (${turn}).` }),
      );
      const elapsed = performance.now() - started;
      if (result.kind !== 'turn') throw new Error(`turn ${turn} did not commit: ${JSON.stringify(result)}`);
      if (turn >= WARMUP) {
        samples.push(elapsed);
        stagesPerTurn.push(setup.events.slice(before).filter((event) => event.type === 'stage.finished').length);
      }
    }
    const sorted = [...samples].sort((a, b) => a - b);
    return {
      median: round(median(samples)),
      unit: 'ms',
      ...atMost(5),
      p90: round(sorted[Math.floor(sorted.length * 0.9)] ?? 0),
      turns: samples.length,
      stageCallsPerTurn: median(stagesPerTurn),
    };
  } finally {
    await setup.cleanup();
  }
}

const KV_TURNS = 10;
const ACTIONS = [
  'I shake the rain from my hat and look for the landlady.',
  'I ask who keeps the harbour log in this town.',
  'I order a rum and listen to the talk at the bar.',
  'I show nobody the letter, but I keep my hand on it.',
  'I ask the child by the fire whether the lamps are lit at midnight.',
  'I watch who comes in from the quay.',
  'I ask whether any ship came in six weeks ago.',
  'I study the ledger on the counter without seeming to.',
  'I ask the price of a room with a lock.',
  'I thank the landlady and finish my rum slowly.',
];

/**
 * `turn.kv_cached_fraction`: ten turns on the port pack with the local provider and the tiny model; for each stage
 * kind, the share of its prompt tokens served from the KV cache after turn 1. Also the prompt tokens per turn by stage.
 */
async function kvCachedFraction() {
  const tiny = await makeTinyModel();
  // The tiny model's byte-level vocabulary spends ~4× the tokens of a real one: give each stage a 32k window.
  const provider = await createTinyProvider(tiny.path, undefined, 32_768);
  const setup = await startPlay(async () => provider, {
    kind: 'local',
    modelPath: tiny.path,
    gpu: 'cpu',
    threads: 1,
  });
  try {
    const save = unwrap(await setup.api['saves.create']({ packId: 'lantern-quay', seed: 11 }));
    // The random-weight model may fail a turn now and then (an empty line of dialog twice); it is counted, and the
    // committed turns are measured.
    let failedTurns = 0;
    for (const text of ACTIONS.slice(0, KV_TURNS)) {
      const result = unwrap(await setup.api['play.submit']({ saveId: save.id, text }));
      if (result.kind === 'failed') failedTurns++;
    }
    const turns = unwrap(await setup.api['saves.turns']({ id: save.id }));
    const byStage = new Map<string, { prompt: number; cached: number; perTurn: number[] }>();
    for (const turn of turns.filter((candidate) => candidate.status === 'committed')) {
      const calls = unwrap(await setup.api['saves.stageCalls']({ id: save.id, turnId: turn.id }));
      const totals = new Map<string, number>();
      for (const call of calls) {
        totals.set(call.stage, (totals.get(call.stage) ?? 0) + (call.promptTokens ?? 0));
        if (turn.number === 1) continue;
        const entry = byStage.get(call.stage) ?? { prompt: 0, cached: 0, perTurn: [] };
        entry.prompt += call.promptTokens ?? 0;
        entry.cached += call.cachedTokens ?? 0;
        byStage.set(call.stage, entry);
      }
      for (const [stage, tokens] of totals) {
        const entry = byStage.get(stage) ?? { prompt: 0, cached: 0, perTurn: [] };
        entry.perTurn.push(tokens);
        byStage.set(stage, entry);
      }
    }
    const perStage = Object.fromEntries(
      [...byStage].map(([stage, { prompt, cached, perTurn }]) => [
        stage,
        { cachedFraction: round(prompt === 0 ? 0 : cached / prompt), promptTokensPerTurn: median(perTurn) },
      ]),
    );
    const fractions = Object.values(perStage).map((stage) => stage.cachedFraction);
    return {
      median: round(median(fractions)),
      unit: 'ratio',
      ...atLeast(0.7),
      min: Math.min(...fractions),
      turns: KV_TURNS,
      failedTurns,
      perStage,
    };
  } finally {
    await setup.cleanup();
    await tiny.cleanup();
  }
}

export const benchmarks: Benchmark[] = [
  { key: 'turn.engine_overhead_ms', run: engineOverhead },
  { key: 'turn.kv_cached_fraction', run: kvCachedFraction },
];
