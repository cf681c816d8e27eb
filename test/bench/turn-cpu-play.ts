// The run behind turn-cpu.bench.ts: Lantern Quay's arrival playthrough on the benchmark model, every stage through
// the ComputeReplayProvider, with a one-call baseline before each turn on its own context of the same model.
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EngineEvent, StreamMessage } from '../../engine/api/index.ts';
import type { LlmMessage } from '../../engine/llm/index.ts';
import { readInputsFile } from '../../engine/pack/index.ts';
import { createScriptedProvider } from '../../engine/llm/index.ts';
import { isBoundaryStage } from '../support/boundary-replies.ts';
import { createComputeReplayProvider, type ComputeCall, type ComputeWarm } from '../support/compute-replay-provider.ts';
import { oneCallHistory, oneCallInput, oneCallSystemPrompt } from '../support/one-call-baseline.ts';
import { lanternQuay, PERSONA } from '../support/packs.ts';
import { startPlay, STORIES_DIR, unwrap } from '../support/playthrough.ts';
import {
  BASELINE_OPENER,
  ONE_CALL_TOKENS,
  openBenchModel,
  reportStage,
  runOneCall,
  type ModelOptions,
  type OneCall,
} from './cpu-bench.ts';

export interface PlayOptions extends ModelOptions {
  readonly turns: number;
  /** Lantern Quay with `tuning.prepareIntents` on (issue 23, item 7), played from a copy of the pack. */
  readonly prepareIntents: boolean;
  /** JSON replies' forced runs handed over in one batch, as the app does; false samples them (see forceRuns). */
  readonly forceRuns: boolean;
  /** Times the one-call baseline is run before each turn; it reports their median (see runOneCall). */
  readonly oneCallSamples: number;
}

export interface TurnMeasure {
  readonly turn: number;
  /** The turn after a scene boundary: it opens the next scene. */
  readonly sceneOpening: boolean;
  readonly startedAt: number;
  /** From submit to the last stage call of the turn (after-turn steps included). */
  readonly wallS: number;
  /** From submit to the first narration text shown; null if the turn showed none. */
  readonly firstProseS: number | null;
  /** From submit until `play.submit` resolved: the player can type again. */
  readonly inputReadyS: number;
  readonly oneCall: OneCall;
  readonly calls: readonly ComputeCall[];
  /** The warm-ups of this turn's first Narrator prompt, run while the player read the turn before. */
  readonly warms: readonly ComputeWarm[];
}

export interface BoundaryMeasure {
  /** The turn that closed the scene. */
  readonly afterTurn: number;
  /**
   * From the closing turn's `play.submit` resolving until the boundary's first run finished: how long the next input
   * waits (the next turn may start then; its character calls wait for the reflections).
   */
  readonly waitS: number;
  /** From the same moment until the reflections' run finished too: the whole boundary. */
  readonly wholeS: number;
  readonly calls: readonly ComputeCall[];
}

export interface PlayRun {
  readonly options: PlayOptions;
  readonly model: string;
  /** The threads llama.cpp ran with. */
  readonly threads: number;
  readonly turns: readonly TurnMeasure[];
  readonly boundaries: readonly BoundaryMeasure[];
  readonly calls: readonly ComputeCall[];
}

/** The engine's own work between two stage calls takes milliseconds; a quiet spell this long means the turn is done. */
const QUIET_MS = 400;
const FIXTURES = path.join(STORIES_DIR, 'lantern-quay', 'fixtures');

export async function playArrival(options: PlayOptions): Promise<PlayRun> {
  const model = await openBenchModel(options);
  const { local, baseline } = model;
  const pack = await lanternQuay();
  const file = await readInputsFile(path.join(FIXTURES, 'arrival.inputs'));
  const script = await createScriptedProvider({ file: path.join(FIXTURES, 'arrival.yaml') });
  const replay = createComputeReplayProvider(local, script, {
    outputScale: options.outputScale,
    forceRuns: options.forceRuns,
  });
  const stories = options.prepareIntents ? await storiesPreparingIntents() : null;
  const setup = await startPlay(async () => replay, model.config, stories ?? STORIES_DIR);
  const clock = eventClock(setup.subscribe);
  const stopProgress = setup.subscribe(reportStage);
  try {
    const personaId = file.persona ?? PERSONA;
    let saveId = unwrap(
      await setup.api['saves.create']({
        packId: 'lantern-quay',
        personaId,
        ...(file.seed === undefined ? {} : { seed: file.seed }),
      }),
    ).id;
    const system = { role: 'system' as const, content: oneCallSystemPrompt(pack, personaId) };
    const history: StreamMessage[] = [];
    let before: readonly LlmMessage[] = BASELINE_OPENER;
    const turns: TurnMeasure[] = [];
    const boundaries: BoundaryMeasure[] = [];
    for (const [index, input] of file.inputs.slice(0, options.turns).entries()) {
      const turn = index + 1;
      const oneCallPrompt = [
        system,
        ...oneCallHistory(pack, personaId, history),
        oneCallInput(input.text, input.thought),
      ];
      const oneCallTokens = Math.max(1, Math.round(ONE_CALL_TOKENS * options.outputScale));
      const oneCall = await runOneCall(baseline, turn, oneCallTokens, oneCallPrompt, {
        before,
        samples: options.oneCallSamples,
      });
      before = oneCallPrompt;
      const startedAt = performance.now();
      const warms = replay.warms.filter((warm) => warm.startedAt >= (turns.at(-1)?.startedAt ?? 0));
      clock.reset();
      const result = unwrap(await setup.api['play.submit']({ saveId, text: input.text, thought: input.thought }));
      const readyAt = performance.now();
      if (result.kind !== 'turn') throw new Error(`turn ${turn} did not commit: ${JSON.stringify(result)}`);
      saveId = result.saveId;
      history.push(...result.messages);
      await replay.settle(QUIET_MS);
      const boundaryDone = await clock.boundaryDone();
      const boundaryDoneAt = boundaryDone?.wholeAt ?? null;
      await replay.settle(QUIET_MS);
      // The turn's calls, after-turn steps included; a boundary running beside them has its own stages.
      const settled = replay.calls.filter((call) => call.startedAt >= startedAt);
      const turnCalls = settled.filter((call) => boundaryDoneAt === null || !isBoundaryStage(call.stage));
      const lastTurnCall = Math.max(readyAt, ...turnCalls.map((call) => call.endedAt));
      const firstProse = clock.firstNarrationAt();
      turns.push({
        turn,
        sceneOpening: boundaries.some((boundary) => boundary.afterTurn === turn - 1),
        startedAt,
        wallS: seconds(lastTurnCall - startedAt),
        firstProseS: firstProse === null ? null : seconds(firstProse - startedAt),
        inputReadyS: seconds(readyAt - startedAt),
        oneCall,
        calls: turnCalls,
        warms,
      });
      if (boundaryDone !== null) {
        const calls = settled.filter((call) => isBoundaryStage(call.stage));
        const waitS = seconds(boundaryDone.sceneAt - readyAt);
        boundaries.push({ afterTurn: turn, waitS, wholeS: seconds(boundaryDone.wholeAt - readyAt), calls });
      }
      process.stderr.write(`  turn ${turn}: ${seconds(lastTurnCall - startedAt).toFixed(1)} s\n`);
    }
    return { options, model: local.model, threads: local.threads, turns, boundaries, calls: [...replay.calls] };
  } finally {
    clock.stop();
    stopProgress();
    await setup.cleanup();
    await model.dispose();
    if (stories !== null) await rm(stories, { recursive: true, force: true });
  }
}

/** When the engine's events arrive: the first narration text of a turn, and a scene boundary's end. */
function eventClock(subscribe: (listener: (event: EngineEvent) => void) => () => void) {
  const narration = new Set<string>();
  let firstNarration: number | null = null;
  let boundaryStarted = false;
  // A boundary ends twice: its first run (what the next scene opens on), then its reflections (engine/boundary SCENE_STEPS).
  let sceneEnded: number | null = null;
  let boundaryEnded: { at: number; failed: string | null } | null = null;
  const stop = subscribe((event) => {
    if (event.type === 'message.pending' && event.messageType === 'narration') narration.add(event.pendingId);
    if (event.type === 'message.delta' && narration.has(event.pendingId) && event.delta.trim() !== '')
      firstNarration ??= performance.now();
    if (event.type === 'boundary.progress') {
      boundaryStarted = true;
      if (event.status === 'failed') boundaryEnded = { at: performance.now(), failed: event.step };
      else if (event.status === 'done' && event.done === event.total) {
        sceneEnded ??= performance.now();
        // The reflections' run, or a run of every step, is the boundary's last.
        if (event.part !== 'scene') boundaryEnded = { at: performance.now(), failed: null };
      }
    }
  });
  return {
    stop,
    reset(): void {
      firstNarration = null;
      boundaryStarted = false;
      sceneEnded = null;
      boundaryEnded = null;
    },
    firstNarrationAt: (): number | null => firstNarration,
    /**
     * When a boundary started since the reset, waits for its end and returns when its first run ended and when the
     * whole boundary did; else null.
     */
    async boundaryDone(): Promise<{ readonly sceneAt: number; readonly wholeAt: number } | null> {
      if (!boundaryStarted) return null;
      while (boundaryEnded === null) await sleep(50);
      const ended: { at: number; failed: string | null } = boundaryEnded;
      if (ended.failed !== null) throw new Error(`the scene boundary failed at ${ended.failed}`);
      return { sceneAt: sceneEnded ?? ended.at, wholeAt: ended.at };
    },
  };
}

/** A stories folder holding Lantern Quay with `tuning.prepareIntents: true` appended to its story.yaml. */
async function storiesPreparingIntents(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'storyloom-bench-stories-'));
  const pack = path.join(dir, 'lantern-quay');
  await cp(path.join(STORIES_DIR, 'lantern-quay'), pack, { recursive: true });
  await appendFile(path.join(pack, 'story.yaml'), '\ntuning:\n  prepareIntents: true\n');
  return dir;
}

function seconds(ms: number): number {
  return ms / 1000;
}
