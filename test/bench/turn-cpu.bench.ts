// Turn benchmarks on a real model's shape (issue 14): Lantern Quay's arrival playthrough on a random-weight model with
// the exact shape of Llama 3.2 1B and the real Llama 3 tokenizer (test/support/bench-model.ts), CPU only. Real prompts,
// scripted content, the model doing the real compute: every stage call sends the engine's real prompt through the
// local provider and generates a realistic number of tokens, then answers with the fixture's reply
// (test/support/compute-replay-provider.ts). Side by side in the same run, before each turn: a one-call baseline (a
// chat frontend's single completion over system + character cards + scenario + the same history, 150 tokens out, same
// model and settings, its own KV cache carried from turn to turn). Turn 2 and the scene-opening turn 4 are measured;
// the scene boundary after turn 3 is timed from turn 3's submit resolving until it finished.
//
//   npm run -s bench -- --json --only turn.cpu1b,boundary.cpu1b     # the full run: ≈ 17 minutes on 2 cores
//   STORYLOOM_BENCH_TURNS=2 STORYLOOM_BENCH_OUTPUT_SCALE=0.1 npm run -s bench -- --only turn.cpu1b   # harness check
//
// Environment (all optional):
//   STORYLOOM_BENCH_TURNS         turns of arrival.inputs to play, 1–6 (default 6). Turn 2 needs 2, the boundary 3,
//                                 the scene-opening turn 4.
//   STORYLOOM_BENCH_SHAPE         1b (default) or 3b; the keys say cpu1b or cpu3b.
//   STORYLOOM_BENCH_BLOCKS        overrides the shape's block count (16 for 1b, 28 for 3b): fewer blocks compute
//                                 faster, for checking the harness only; the results then report the blocks used.
//   STORYLOOM_BENCH_TYPE          Q4_0 (default) or Q8_0.
//   STORYLOOM_BENCH_OUTPUT_SCALE  multiplies every stage's output cap and the baseline's 150 tokens (default 1).
//   STORYLOOM_BENCH_CACHE         where the generated model is kept (default ~/.cache/storyloom-bench).
//   STORYLOOM_BENCH_PREPARE_INTENTS  1: Lantern Quay with tuning.prepareIntents on (the first character to act
//                                 decides from the story before the turn, answered ahead while the player reads), to
//                                 weigh it against the default.
//   STORYLOOM_BENCH_FORCED_RUNS   0: JSON replies' forced runs sampled a token at a time, as before the local provider
//                                 handed them over in one batch, to weigh what that saves (default 1).
//   STORYLOOM_BENCH_ONE_CALL_SAMPLES  times the one-call baseline runs before each turn, its context put back between
//                                 them; the ratios divide by their median (default 3; one sample moved ±15 % here).
//
// Every stage call has the app's 180 s stage timeout: on a machine busy with other work the 1B narrator's first prompt
// (≈ 2,300 tokens) can exceed it and fail the turn. Measure on an otherwise idle machine.
import type { ComputeCall, ComputeWarm } from '../support/compute-replay-provider.ts';
import { STAGE_OUTPUT_CAPS } from '../support/compute-replay-provider.ts';
import { modelKey, ONE_CALL_TOKENS, readModelOptions, readOneCallSamples, stageTable } from './cpu-bench.ts';
import { playArrival, type PlayOptions, type PlayRun, type TurnMeasure } from './turn-cpu-play.ts';
import { atLeast, atMost, median, round, type Benchmark, type BenchmarkResult } from './types.ts';

const prefix = modelKey();

function note(options: PlayOptions): string {
  const forced = options.forceRuns
    ? 'handed over in one batch, as a grammar-bound local call does'
    : 'sampled a token at a time (STORYLOOM_BENCH_FORCED_RUNS=0)';
  return (
    `Random weights never stop by themselves: each stage generates min(its scripted reply's tokens, its cap) tokens ` +
    `(caps ${JSON.stringify(STAGE_OUTPUT_CAPS)} × ${options.outputScale}); JSON stages generate free text of that ` +
    `length (no grammar), their schema's opening in the prompt and the runs their grammar forces ${forced}. ` +
    `The one-call baseline generates ${Math.round(ONE_CALL_TOKENS * options.outputScale)} tokens; its time is the ` +
    `median of ${options.oneCallSamples} runs before each turn.`
  );
}

function readOptions(): PlayOptions {
  const turns = Number(process.env.STORYLOOM_BENCH_TURNS ?? 6);
  if (!Number.isInteger(turns) || turns < 1 || turns > 6)
    throw new Error(`STORYLOOM_BENCH_TURNS must be 1–6, got ${process.env.STORYLOOM_BENCH_TURNS}`);
  return {
    ...readModelOptions(),
    turns,
    prepareIntents: process.env.STORYLOOM_BENCH_PREPARE_INTENTS === '1',
    forceRuns: process.env.STORYLOOM_BENCH_FORCED_RUNS !== '0',
    oneCallSamples: readOneCallSamples(),
  };
}

let played: Promise<PlayRun> | null = null;
const play = (): Promise<PlayRun> => (played ??= playArrival(readOptions()));

/** Turn 2 (two characters act) and the first turn that opens a scene (turn 4, on the quay). */
async function measuredTurns(): Promise<readonly TurnMeasure[]> {
  const run = await play();
  const opening = run.turns.find((turn) => turn.sceneOpening);
  const turns = run.turns.filter((turn) => turn.turn === 2 || turn === opening);
  if (turns.length === 0) throw new Error('no measured turn was played: set STORYLOOM_BENCH_TURNS to 2 or more');
  return turns;
}

function describeTurn(turn: TurnMeasure) {
  return {
    turn: turn.turn,
    sceneOpening: turn.sceneOpening,
    wallS: round(turn.wallS, 2),
    firstProseS: turn.firstProseS === null ? null : round(turn.firstProseS, 2),
    inputReadyS: round(turn.inputReadyS, 2),
    oneCallS: round(turn.oneCall.totalS, 2),
    oneCallSamplesS: turn.oneCall.samplesS.map((sample) => round(sample, 2)),
    oneCallTtftS: round(turn.oneCall.ttftS, 2),
    oneCallPromptTokens: turn.oneCall.promptTokens,
    oneCallCachedTokens: turn.oneCall.cachedTokens,
    calls: turn.calls.length,
    stages: stageTable(turn.calls),
    // The next Narrator prompt, evaluated while the player read the turn before (engine/turn/next-narrator-prompt.ts),
    // then the Chronicler's (engine/turn/chronicler-warm-up.ts): all of them, and each stage's.
    warmUp: { ...warmRow(turn.warms), perStage: warmsPerStage(turn.warms) },
  };
}

function warmsPerStage(warms: readonly ComputeWarm[]) {
  const stages = [...new Set(warms.map((warm) => warm.stage))];
  return Object.fromEntries(stages.map((stage) => [stage, warmRow(warms.filter((warm) => warm.stage === stage))]));
}

function warmRow(warms: readonly ComputeWarm[]) {
  return {
    warms: warms.length,
    prompt: warms.reduce((sum, warm) => sum + warm.result.promptTokens, 0),
    evaluated: warms.reduce((sum, warm) => sum + warm.result.evaluatedTokens, 0),
    // Answers ahead (a scene's off-screen stages) generate too; a warm-up generates nothing.
    generated: warms.reduce((sum, warm) => sum + (warm.result.generatedTokens ?? 0), 0),
    ms: Math.round(warms.reduce((sum, warm) => sum + warm.result.totalMs, 0)),
    aborted: warms.filter((warm) => warm.result.aborted).length,
  };
}

function seconds(samples: readonly number[], extra: Record<string, unknown> = {}): BenchmarkResult {
  return { median: round(median(samples), 2), unit: 's', ...extra };
}

async function wall(): Promise<BenchmarkResult> {
  const turns = await measuredTurns();
  const run = await play();
  return seconds(
    turns.map((turn) => turn.wallS),
    {
      model: run.model,
      blocks: run.options.blocks ?? 'as the real model',
      threads: run.threads,
      note: note(run.options),
      perTurn: turns.map(describeTurn),
    },
  );
}

async function firstProse(): Promise<BenchmarkResult> {
  const turns = await measuredTurns();
  const shown = turns.flatMap((turn) => (turn.firstProseS === null ? [] : [turn.firstProseS]));
  return seconds(shown, { turns: turns.map((turn) => turn.turn) });
}

async function inputReady(): Promise<BenchmarkResult> {
  return seconds((await measuredTurns()).map((turn) => turn.inputReadyS));
}

async function oneCall(): Promise<BenchmarkResult> {
  const turns = await measuredTurns();
  return seconds(
    turns.map((turn) => turn.oneCall.totalS),
    {
      timeToFirstTokenS: round(median(turns.map((turn) => turn.oneCall.ttftS)), 2),
      // Each measured turn's runs, whose median it took.
      samplesS: turns.map((turn) => turn.oneCall.samplesS.map((sample) => round(sample, 2))),
      promptTokens: turns.map((turn) => turn.oneCall.promptTokens),
      cachedTokens: turns.map((turn) => turn.oneCall.cachedTokens),
      generatedTokens: turns.map((turn) => turn.oneCall.generatedTokens),
    },
  );
}

async function ratio(
  of: (turn: TurnMeasure) => number | null,
  over: (turn: TurnMeasure) => number,
  goal: number,
  extra: (turns: readonly TurnMeasure[]) => Record<string, unknown> = () => ({}),
): Promise<BenchmarkResult> {
  const turns = await measuredTurns();
  const samples = turns.flatMap((turn) => {
    const value = of(turn);
    return value === null ? [] : [value / over(turn)];
  });
  return {
    median: round(median(samples), 2),
    unit: 'ratio',
    ...atMost(goal),
    samples: samples.map((s) => round(s, 2)),
    ...extra(turns),
  };
}

/**
 * Where the wait for the next input goes, in one-call times: the calls that ended by then split into evaluating their
 * prompts (each call's time to first token) and writing (the rest: the prose the player reads, the decisions between,
 * the tokens their schemas force). A cache can shorten the first, not the second, so `writingOnly` is the least the
 * ratio could come to with every prompt served whole from the cache.
 */
function pathSplit(turns: readonly TurnMeasure[]) {
  const split = turns.map((turn) => {
    const readyAt = turn.startedAt + turn.inputReadyS * 1000;
    const path = turn.calls.filter((call) => call.endedAt <= readyAt);
    // A call that wrote nothing spent all its time on its prompt.
    const promptMs = path.reduce((sum, call) => sum + (call.usage.timeToFirstTokenMs ?? call.usage.totalMs), 0);
    const writingMs = path.reduce((sum, call) => sum + call.usage.totalMs, 0) - promptMs;
    const perOneCall = (ms: number) => round(ms / 1000 / turn.oneCall.totalS, 2);
    return { turn: turn.turn, calls: path.length, prompt: perOneCall(promptMs), writing: perOneCall(writingMs) };
  });
  return { writingOnly: round(median(split.map((entry) => entry.writing)), 2), path: split };
}

async function boundary(): Promise<BenchmarkResult> {
  const run = await play();
  if (run.boundaries.length === 0) throw new Error('no scene boundary ran: set STORYLOOM_BENCH_TURNS to 3 or more');
  const oneCallS = median((await measuredTurns()).map((turn) => turn.oneCall.totalS));
  return {
    ...seconds(run.boundaries.map((entry) => entry.waitS)),
    // The next input should wait no longer than one call of a one-call frontend.
    ...atMost(round(oneCallS, 2)),
    ratioToOneCall: round(median(run.boundaries.map((entry) => entry.waitS)) / oneCallS, 2),
    perBoundary: run.boundaries.map((entry) => ({
      afterTurn: entry.afterTurn,
      waitS: round(entry.waitS, 2),
      // With the reflections, which the next turn waits for only before its first character's call.
      wholeS: round(entry.wholeS, 2),
      calls: entry.calls.length,
      stages: stageTable(entry.calls),
    })),
  };
}

/**
 * The boundary's wait ÷ the sum of its calls' times: below 1 when its parallel calls overlap. On a CPU they share the
 * cores, so unlike `boundary.overlap_ratio` (50 ms sleeps) this says whether running them together pays off.
 */
async function boundaryOverlap(): Promise<BenchmarkResult> {
  const run = await play();
  if (run.boundaries.length === 0) throw new Error('no scene boundary ran: set STORYLOOM_BENCH_TURNS to 3 or more');
  const ratios = run.boundaries.map((entry) => {
    const callS = entry.calls.reduce((sum, call) => sum + call.usage.totalMs / 1000, 0);
    return entry.wholeS / callS;
  });
  return { median: round(median(ratios), 2), unit: 'ratio', samples: ratios.map((value) => round(value, 2)) };
}

/**
 * The share of the turns' prompt tokens served from the KV cache, weighted by tokens, from turn 2 on (turn 1 starts
 * cold). Per stage too, and the scene boundaries' share beside it.
 */
async function kvCachedFraction(): Promise<BenchmarkResult> {
  const run = await play();
  const turns = run.turns.filter((turn) => turn.turn >= 2);
  if (turns.length === 0)
    throw new Error('the KV cache is measured from turn 2: set STORYLOOM_BENCH_TURNS to 2 or more');
  const calls = turns.flatMap((turn) => turn.calls);
  const stages = [...new Set(calls.map((call) => call.stage))];
  const boundaryCalls = run.boundaries.flatMap((entry) => entry.calls);
  // What the warm-ups put in the cache while the player read, for the turns' stages (the Narrator's, Stage 4's) and
  // for the boundaries' (the Chronicler's, the off-screen stages', used or not).
  const warmedFor = (served: readonly ComputeCall[]) => {
    const kinds = new Set<string>(served.map((call) => call.stage));
    return run.turns.reduce(
      (sum, turn) => sum + warmRow(turn.warms.filter((warm) => kinds.has(warm.stage))).evaluated,
      0,
    );
  };
  const turnsWarmed = warmedFor(calls);
  return {
    median: cachedFraction(calls),
    unit: 'ratio',
    ...atLeast(0.85),
    promptTokens: calls.reduce((sum, call) => sum + call.usage.promptTokens, 0),
    perStage: Object.fromEntries(
      stages.map((stage) => [stage, cachedFraction(calls.filter((call) => call.stage === stage))]),
    ),
    boundaries: cachedFraction(boundaryCalls),
    // The same shares with the warm-ups' tokens counted as evaluated: what the calls found cached without them.
    warmEvaluated: turnsWarmed,
    withoutWarmUps: cachedFraction(calls, turnsWarmed),
    boundariesWithoutWarmUps: cachedFraction(boundaryCalls, warmedFor(boundaryCalls)),
  };
}

/** The cached share of the calls' prompt tokens, less `warmed` tokens a warm-up evaluated ahead of them. */
function cachedFraction(calls: readonly ComputeCall[], warmed = 0): number {
  const prompt = calls.reduce((sum, call) => sum + call.usage.promptTokens, 0);
  const cached = calls.reduce((sum, call) => sum + call.usage.cachedPromptTokens, 0);
  return prompt === 0 ? 0 : round((cached - warmed) / prompt);
}

export const benchmarks: Benchmark[] = [
  { key: `turn.${prefix}.wall_s`, run: wall },
  { key: `turn.${prefix}.first_prose_s`, run: firstProse },
  { key: `turn.${prefix}.input_ready_s`, run: inputReady },
  { key: `turn.${prefix}.one_call_s`, run: oneCall },
  {
    key: `turn.${prefix}.input_ready_ratio`,
    run: () =>
      ratio(
        (turn) => turn.inputReadyS,
        (turn) => turn.oneCall.totalS,
        1.5,
        pathSplit,
      ),
  },
  {
    key: `turn.${prefix}.first_prose_ratio`,
    run: () =>
      ratio(
        (turn) => turn.firstProseS,
        (turn) => turn.oneCall.ttftS,
        1.2,
      ),
  },
  { key: `boundary.${prefix}.wall_s`, run: boundary },
  { key: `boundary.${prefix}.overlap_ratio`, run: boundaryOverlap },
  { key: `turn.${prefix}.kv_cached_fraction`, run: kvCachedFraction },
];
