// A cohort scene boundary's wall time on the benchmark model (issue 19's before/after figure): the production boundary
// workflow on the Lantern Quay sample scene (test/support/boundary.ts) when the two arc_important characters seek each
// other, so they live the period as a cohort, as `boundary.cohort.*` count it in boundary.bench.ts. Every call sends
// the engine's real prompt through the local provider on a random-weight Llama-3.2-1B-shaped model with the app's
// defaults (threads "auto", the sequences the free memory allows, the app's stage timeout), generates a realistic
// output length per reply schema (OUTPUT_TOKENS below; the scripted replies are minimal stand-ins) and answers with
// this version's own scripted boundary reply (test/support/boundary-replies.ts). Beside it, on its own context: the
// one-call baseline of turn-cpu.bench.ts answering the next input (the story so far already in its KV cache).
//
// The same file, applied uncommitted (git apply of this commit's test/ diff), runs on the code before the cohort
// moderator and on the cohort branch alone, so one command each gives the figure:
//   npm run -s bench -- --json --only cohort_boundary.cpu1b            # here: moderator + one call per member, as main is
//   (cd /work/wt-cohort-before && npm run -s bench -- --json --only cohort_boundary.cpu1b)  # b23081e: one cohort call
//   (cd /work/wt-cohort-after && npm run -s bench -- --json --only cohort_boundary.cpu1b)   # f891d1c: b23081e + cohort only
// main also changed KV routing and the sequence count since b23081e; f891d1c isolates the cohort's own cost.
// A full run is one boundary plus the baseline. Harness checks evaluated ≈ 15,500 prompt tokens here, ≈ 13,300 on
// f891d1c, ≈ 11,400 on b23081e, and each generates ≈ 1,600 tokens: at ≈ 60 prompt and ≈ 10 generated tokens/s on
// 2 cores, at most ≈ 7, 6.5 and 6 minutes (less where parallel calls share a batch). Measure on an idle machine.
// Harness check (a couple of minutes, not a timing):
//   STORYLOOM_BENCH_BLOCKS=1 STORYLOOM_BENCH_OUTPUT_SCALE=0.1 npm run -s bench -- --only cohort_boundary
//
// Keys start `cohort_boundary.`, not `boundary.`, so `--only boundary.cpu1b` (turn-cpu.bench.ts) and
// `--only boundary.cohort` (the count bench) never start this run by prefix.
//
// Environment (all optional): STORYLOOM_BENCH_SHAPE, _BLOCKS, _TYPE, _OUTPUT_SCALE, _CACHE as in turn-cpu.bench.ts;
//   STORYLOOM_BENCH_ONE_CALL_SAMPLES as in turn-cpu.bench.ts (the baseline's median of that many runs, default 3);
//   STORYLOOM_BENCH_COHORT_ROUNDS  rounds the encounter lasts, 1–3 (default 1, as `boundary.cohort.*`): the moderator
//                                  goes on until then. Each round adds a call per member and one moderator call; before
//                                  the moderator, the one cohort call writes those rounds' lines instead.
import path from 'node:path';
import type { StreamMessage } from '../../engine/api/index.ts';
import { BOUNDARY_HANDLERS, runBoundaryWorkflow } from '../../engine/boundary/index.ts';
import {
  createScriptedProvider,
  type LlmObjectRequest,
  type LlmObjectResult,
  type LlmProvider,
  type LlmRequest,
} from '../../engine/llm/index.ts';
import { readInputsFile, type StoryPack } from '../../engine/pack/index.ts';
import { boundaryReplies } from '../support/boundary-replies.ts';
import { lanternQuay, PERSONA, sampleSnapshot, saveWithRun, tempFolder, workflowDeps } from '../support/boundary.ts';
import {
  createComputeReplayProvider,
  STAGE_OUTPUT_CAPS,
  type ComputeCall,
} from '../support/compute-replay-provider.ts';
import { oneCallHistory, oneCallInput, oneCallSystemPrompt } from '../support/one-call-baseline.ts';
import { STORIES_DIR } from '../support/packs.ts';
import {
  modelKey,
  ONE_CALL_TOKENS,
  openBenchModel,
  readModelOptions,
  readOneCallSamples,
  reportStage,
  runOneCall,
  stageTable,
  totalRow,
  type ModelOptions,
  type OneCall,
} from './cpu-bench.ts';
import { round, type Benchmark, type BenchmarkResult } from './types.ts';

/** The app's stage timeout (engine/host/sessions.ts); a local provider's calls get the longer local one anyway. */
const APP_STAGE_TIMEOUT_MS = 180_000;
const ARRIVAL_INPUTS = path.join(STORIES_DIR, 'lantern-quay', 'fixtures', 'arrival.inputs');
/** The arrival's input after its first scene closes: what the player types while the boundary runs. */
const NEXT_INPUT = 3;

/** A character's account of the period, as a standalone simulation writes it. */
const LIVED_PERIOD_TOKENS = 200;
/** A member's turn in a round: a line or two said and done, a thought, an intention. */
const MEMBER_TURN_TOKENS = 60;
/**
 * Tokens a real model would write per reply schema; stages not named here generate their cap in STAGE_OUTPUT_CAPS.
 * The cohort's content is the same before and after: each member's turns and account, written by one call before
 * (`cohort_simulation`) and by one call per member and turn after.
 */
const OUTPUT_TOKENS: Readonly<Record<string, number>> = {
  intent_check: 80,
  standalone_simulation: LIVED_PERIOD_TOKENS,
  cohort_member_turn: MEMBER_TURN_TOKENS,
  cohort_member_account: LIVED_PERIOD_TOKENS,
  // The next moment the members face, or that the encounter is over.
  cohort_moderator: 40,
};

function outputTokens(rounds: number) {
  return (request: LlmRequest, schemaName: string | undefined): number => {
    if (schemaName === 'cohort_simulation') {
      const members = (request.principal ?? '').replace(/^cohort:/u, '').split('+').length;
      return members * (LIVED_PERIOD_TOKENS + MEMBER_TURN_TOKENS * rounds);
    }
    return (schemaName === undefined ? undefined : OUTPUT_TOKENS[schemaName]) ?? STAGE_OUTPUT_CAPS[request.stage];
  };
}

const NEXT_MOMENT = 'The lamp gutters; a step sounds on the stair, and the talk turns to the tide.';

/** This version's boundary replies, every intent check seeking; a moderator goes on until `rounds` rounds were played. */
function cohortReplies(rounds: number): LlmProvider {
  const replies = boundaryReplies(0, 'seek_each_other');
  let moderated = 0;
  async function generateObject<T>(request: LlmObjectRequest<T>): Promise<LlmObjectResult<T>> {
    if (request.schemaName !== 'cohort_moderator' || ++moderated >= rounds) return replies.generateObject(request);
    const goOn = { stage: request.stage, reply: { next: NEXT_MOMENT, done: false } };
    return (await createScriptedProvider({ entries: [goOn] })).generateObject(request);
  }
  return {
    kind: replies.kind,
    model: replies.model,
    generateText: (request) => replies.generateText(request),
    generateObject,
    dispose: () => replies.dispose(),
  };
}

function readRounds(): number {
  const rounds = Number(process.env.STORYLOOM_BENCH_COHORT_ROUNDS ?? 1);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 3)
    throw new Error(`STORYLOOM_BENCH_COHORT_ROUNDS must be 1–3, got ${process.env.STORYLOOM_BENCH_COHORT_ROUNDS}`);
  return rounds;
}

interface CohortRun {
  readonly options: ModelOptions;
  readonly rounds: number;
  readonly model: string;
  readonly threads: number;
  readonly sequences: number;
  /** From the workflow's start to its end: how long the next input would wait for the boundary. */
  readonly wallS: number;
  readonly calls: readonly ComputeCall[];
  readonly oneCall: OneCall;
}

async function runCohortBoundary(options: ModelOptions, rounds: number): Promise<CohortRun> {
  const model = await openBenchModel(options);
  const folder = tempFolder();
  try {
    const pack = await lanternQuay();
    const oneCall = await oneCallBeside(
      model.baseline,
      pack,
      Math.max(1, Math.round(ONE_CALL_TOKENS * options.outputScale)),
    );
    const replay = createComputeReplayProvider(model.local, cohortReplies(rounds), {
      outputScale: options.outputScale,
      outputTokens: outputTokens(rounds),
    });
    const { store, runId } = await saveWithRun(folder.make(), sampleSnapshot(pack));
    let wallS: number;
    try {
      const deps = workflowDeps(store, pack, BOUNDARY_HANDLERS, replay, {
        stageTimeoutMs: APP_STAGE_TIMEOUT_MS,
        emit: reportStage,
      });
      const started = performance.now();
      const outcome = await runBoundaryWorkflow(deps, runId);
      wallS = (performance.now() - started) / 1000;
      if (outcome.status !== 'done') throw new Error(`the boundary failed at ${outcome.step}: ${outcome.reason}`);
    } finally {
      store.close();
    }
    if (!replay.calls.some((call) => call.schemaName?.startsWith('cohort_') === true))
      throw new Error('the boundary simulated no cohort: the scene sample no longer forms one');
    const { local } = model;
    return {
      options,
      rounds,
      model: local.model,
      threads: local.threads,
      sequences: local.sequences,
      wallS,
      calls: [...replay.calls],
      oneCall,
    };
  } finally {
    folder.cleanup();
    await model.dispose();
  }
}

/**
 * The one-call frontend answering the input typed after the scene closed. Its context already holds the story so far
 * (as turn-cpu.bench.ts's baseline carries its cache from turn to turn): only the new input is evaluated.
 */
async function oneCallBeside(
  baseline: Parameters<typeof runOneCall>[0],
  pack: StoryPack,
  maxTokens: number,
): Promise<OneCall> {
  const next = (await readInputsFile(ARRIVAL_INPUTS)).inputs[NEXT_INPUT];
  if (next === undefined) throw new Error(`${ARRIVAL_INPUTS} has no input ${NEXT_INPUT + 1}`);
  const system = { role: 'system' as const, content: oneCallSystemPrompt(pack, PERSONA) };
  const history = [system, ...oneCallHistory(pack, PERSONA, sampleStream(pack))];
  await runOneCall(baseline, 0, 1, history);
  return runOneCall(baseline, 1, maxTokens, [...history, oneCallInput(next.text, next.thought)], {
    before: history,
    samples: readOneCallSamples(),
  });
}

const STREAM_TYPES: readonly string[] = [
  'narration',
  'dialog',
  'intention',
  'thought',
  'scene_marker',
  'system',
] satisfies readonly StreamMessage['type'][];
const isStreamType = (type: string): type is StreamMessage['type'] => STREAM_TYPES.includes(type);

/** The sample scene's transcript as the player saw it. */
function sampleStream(pack: StoryPack): StreamMessage[] {
  return sampleSnapshot(pack).transcript.flatMap(({ turn, seq, owner, type, content }) =>
    isStreamType(type) ? [{ id: seq, turn, seq, owner, type, content, mood: null, createdAt: 0 }] : [],
  );
}

let measured: Promise<CohortRun> | null = null;
const measure = (): Promise<CohortRun> => (measured ??= runCohortBoundary(readModelOptions(), readRounds()));

/** One boundary per run: the figures are its own, as `median` of one sample. */
const single = (value: number, unit: string, extra: Record<string, unknown> = {}): BenchmarkResult => ({
  median: value,
  unit,
  ...extra,
});

/** Per stage, the schema beside it where one stage serves several (before, `simulation` served them all). */
const stageAndSchema = (call: ComputeCall): string =>
  call.schemaName === undefined || call.schemaName === call.stage ? call.stage : `${call.stage}/${call.schemaName}`;

async function wall(): Promise<BenchmarkResult> {
  const run = await measure();
  const callS = run.calls.reduce((sum, call) => sum + call.usage.totalMs / 1000, 0);
  const firstStart = Math.min(...run.calls.map((call) => call.startedAt));
  return single(round(run.wallS, 2), 's per cohort scene boundary', {
    ratioToOneCall: round(run.wallS / run.oneCall.totalS, 2),
    oneCallS: round(run.oneCall.totalS, 2),
    overlapRatio: round(run.wallS / callS, 2),
    rounds: run.rounds,
    model: run.model,
    blocks: run.options.blocks ?? 'as the real model',
    threads: run.threads,
    sequences: run.sequences,
    total: totalRow(stageTable(run.calls)),
    perStage: stageTable(run.calls, stageAndSchema),
    calls: run.calls.map((call) => ({
      stage: stageAndSchema(call),
      principal: call.principal,
      startS: round((call.startedAt - firstStart) / 1000, 2),
      s: round(call.usage.totalMs / 1000, 2),
      prompt: call.usage.promptTokens,
      cached: call.usage.cachedPromptTokens,
      output: call.usage.generatedTokens,
    })),
    note:
      `Each call generates a fixed length per reply schema (${JSON.stringify(OUTPUT_TOKENS)}, cohort_simulation: ` +
      `members × (${LIVED_PERIOD_TOKENS} + ${MEMBER_TURN_TOKENS} × rounds), other stages their cap in ` +
      `${JSON.stringify(STAGE_OUTPUT_CAPS)}) × ${run.options.outputScale}, as free text (no grammar) after the ` +
      `opening its schema holds for every reply.`,
  });
}

async function llmCalls(): Promise<BenchmarkResult> {
  return single((await measure()).calls.length, 'calls per cohort scene boundary');
}

async function tokens(): Promise<BenchmarkResult> {
  const total = totalRow(stageTable((await measure()).calls));
  return single(total.prompt + total.output, 'tokens per cohort scene boundary (prompt + generated)', {
    prompt: total.prompt,
    evaluated: total.evaluated,
    generated: total.output,
  });
}

async function evaluatedTokens(): Promise<BenchmarkResult> {
  const total = totalRow(stageTable((await measure()).calls));
  return single(total.evaluated, 'prompt tokens evaluated (not from the KV cache) per cohort scene boundary');
}

async function oneCall(): Promise<BenchmarkResult> {
  const { oneCall: call } = await measure();
  return single(round(call.totalS, 2), 's', {
    timeToFirstTokenS: round(call.ttftS, 2),
    samplesS: call.samplesS.map((sample) => round(sample, 2)),
    promptTokens: call.promptTokens,
    cachedTokens: call.cachedTokens,
    generatedTokens: call.generatedTokens,
  });
}

async function ratioToOneCall(): Promise<BenchmarkResult> {
  const run = await measure();
  return single(round(run.wallS / run.oneCall.totalS, 2), 'ratio (boundary wall ÷ one call)');
}

const prefix = `cohort_boundary.${modelKey()}`;
export const benchmarks: Benchmark[] = [
  { key: `${prefix}.wall_s`, run: wall },
  { key: `${prefix}.llm_calls`, run: llmCalls },
  { key: `${prefix}.tokens`, run: tokens },
  { key: `${prefix}.evaluated_tokens`, run: evaluatedTokens },
  { key: `${prefix}.one_call_s`, run: oneCall },
  { key: `${prefix}.ratio_to_one_call`, run: ratioToOneCall },
];
