// Scene-boundary benchmarks (issue: boundary.overlap_ratio): the production workflow on the Lantern Quay port pack,
// every LLM call answered by the scripted provider after a fixed latency. The parallel steps must overlap: the
// workflow's wall time over the sum of its calls' times is the ratio, goal ≤ 0.6. Calls and tokens per boundary too.
// `boundary.cohort.*` measure the same boundary when the two arc_important characters seek each other, so they live
// the period as a cohort (the intent checks answer "seeking"), the case where a cohort's calls cost the most.
import { BOUNDARY_HANDLERS, runBoundaryWorkflow } from '../../engine/boundary/index.ts';
import { estimateTokens } from '../../engine/llm/estimate-tokens.ts';
import { PrefixSlots } from '../../engine/llm/local/index.ts';
import { MOST_SEQUENCES } from '../../engine/llm/local/kv-sequences.ts';
import type { StoredStageCall } from '../../engine/store/index.ts';
import { boundaryReplies, type IntentAnswers } from '../support/boundary-replies.ts';
import { lanternQuay, sampleSnapshot, saveWithRun, tempFolder, workflowDeps } from '../support/boundary.ts';
import { atMost, median, round, type Benchmark, type BenchmarkResult } from './types.ts';

const LATENCY_MS = 50;
const SAMPLES = 5;

interface Sample {
  readonly ratio: number;
  readonly wallMs: number;
  readonly callMs: number;
  readonly calls: number;
  readonly tokens: number;
  readonly promptTokens: number;
  readonly generatedTokens: number;
  /** Prompt tokens a local model still evaluates when each sequence lane keeps its last prompt cached (estimate). */
  readonly uncachedPromptTokens: number;
}

/**
 * The prompt tokens a local model would evaluate: each call's prompt less the prefix the sequence it is routed to
 * already holds (PrefixSlots, as the local provider routes, over as many sequences as a roomy machine gets; characters
 * stand in for tokens), counted by the word estimate.
 */
function uncachedPromptTokens(calls: readonly StoredStageCall[]): number {
  const kv = new PrefixSlots(MOST_SEQUENCES);
  let total = 0;
  for (const call of calls) {
    const text = call.prompt.map((message) => `${message.role}\n${message.content}`).join('\n');
    const { index, reused } = kv.admit(
      Array.from(text, (character) => character.codePointAt(0) ?? 0),
      call,
    );
    kv.release(index);
    total += estimateTokens(Array.from(text).slice(reused).join(''));
  }
  return total;
}

async function oneBoundary(intents: IntentAnswers): Promise<Sample> {
  const folder = tempFolder();
  try {
    const pack = await lanternQuay();
    const { store, runId } = await saveWithRun(folder.make(), sampleSnapshot(pack));
    const deps = workflowDeps(store, pack, BOUNDARY_HANDLERS, boundaryReplies(LATENCY_MS, intents));
    const started = performance.now();
    const outcome = await runBoundaryWorkflow(deps, runId);
    const wallMs = performance.now() - started;
    if (outcome.status !== 'done') throw new Error(`the boundary failed at ${outcome.step}: ${outcome.reason}`);
    const turnId = store.boundaryRun(runId)?.turnId ?? -1;
    // The closing turn's own stage call comes first; the rest are the boundary's.
    const calls = store.stageCalls(turnId).slice(1);
    store.close();
    const callMs = calls.reduce((sum, call) => sum + (call.totalMs ?? 0), 0);
    const promptTokens = calls.reduce((sum, call) => sum + (call.promptTokens ?? 0), 0);
    const generatedTokens = calls.reduce((sum, call) => sum + (call.generatedTokens ?? 0), 0);
    const tokens = promptTokens + generatedTokens;
    return {
      ratio: wallMs / callMs,
      wallMs,
      callMs,
      calls: calls.length,
      tokens,
      promptTokens,
      generatedTokens,
      uncachedPromptTokens: uncachedPromptTokens(calls),
    };
  } finally {
    folder.cleanup();
  }
}

async function samples(intents: IntentAnswers): Promise<Sample[]> {
  await oneBoundary(intents); // warm-up: module loading and the first pack parse
  const taken: Sample[] = [];
  for (let i = 0; i < SAMPLES; i++) taken.push(await oneBoundary(intents));
  return taken;
}

const measured = new Map<IntentAnswers, Promise<Sample[]>>();
function measureWith(intents: IntentAnswers): Promise<Sample[]> {
  const known = measured.get(intents);
  if (known !== undefined) return known;
  const taken = samples(intents);
  measured.set(intents, taken);
  return taken;
}
const measure = (): Promise<Sample[]> => measureWith('self_focused');
const measureCohort = (): Promise<Sample[]> => measureWith('seek_each_other');

const overlapBenchmark: Benchmark = {
  key: 'boundary.overlap_ratio',
  run: async (): Promise<BenchmarkResult> => {
    const taken = await measure();
    return {
      median: round(median(taken.map((sample) => sample.ratio))),
      unit: 'ratio',
      ...atMost(0.6),
      wallMs: round(median(taken.map((sample) => sample.wallMs)), 1),
      llmCallMs: round(median(taken.map((sample) => sample.callMs)), 1),
      latencyMsPerCall: LATENCY_MS,
      samples: SAMPLES,
    };
  },
};

const callsBenchmark: Benchmark = {
  key: 'boundary.llm_calls',
  run: async (): Promise<BenchmarkResult> => ({
    median: median((await measure()).map((sample) => sample.calls)),
    unit: 'calls per scene boundary',
  }),
};

const tokensBenchmark: Benchmark = {
  key: 'boundary.tokens',
  run: async (): Promise<BenchmarkResult> => {
    const taken = await measure();
    return {
      median: median(taken.map((sample) => sample.tokens)),
      unit: 'tokens per scene boundary (prompt + generated)',
      prompt: median(taken.map((sample) => sample.promptTokens)),
      generated: median(taken.map((sample) => sample.generatedTokens)),
      promptUncachedEstimate: median(taken.map((sample) => sample.uncachedPromptTokens)),
    };
  },
};

const cohortCallsBenchmark: Benchmark = {
  key: 'boundary.cohort.llm_calls',
  run: async (): Promise<BenchmarkResult> => ({
    median: median((await measureCohort()).map((sample) => sample.calls)),
    unit: 'calls per scene boundary with a two-member cohort',
  }),
};

const cohortTokensBenchmark: Benchmark = {
  key: 'boundary.cohort.tokens',
  run: async (): Promise<BenchmarkResult> => {
    const taken = await measureCohort();
    return {
      median: median(taken.map((sample) => sample.tokens)),
      unit: 'tokens per scene boundary with a two-member cohort (prompt + generated)',
      prompt: median(taken.map((sample) => sample.promptTokens)),
      generated: median(taken.map((sample) => sample.generatedTokens)),
      promptUncachedEstimate: median(taken.map((sample) => sample.uncachedPromptTokens)),
    };
  },
};

const cohortWallBenchmark: Benchmark = {
  key: 'boundary.cohort.wall_ms',
  run: async (): Promise<BenchmarkResult> => {
    const taken = await measureCohort();
    return {
      median: round(median(taken.map((sample) => sample.wallMs)), 1),
      unit: 'ms per scene boundary with a two-member cohort',
      overlapRatio: round(median(taken.map((sample) => sample.ratio))),
      llmCallMs: round(median(taken.map((sample) => sample.callMs)), 1),
      latencyMsPerCall: LATENCY_MS,
      samples: SAMPLES,
    };
  },
};

export const benchmarks: Benchmark[] = [
  overlapBenchmark,
  callsBenchmark,
  tokensBenchmark,
  cohortCallsBenchmark,
  cohortTokensBenchmark,
  cohortWallBenchmark,
];
