import type { LlmRouter } from '../llm/index.ts';
import type { StoryPack } from '../pack/index.ts';
import type { Clock } from '../platform/index.ts';
import type { PromptBook } from '../prompts/index.ts';
import type { LandscapeReport } from '../storykeeper/index.ts';
import type { NewStageCall, SaveStore } from '../store/index.ts';
import type { EngineEvent } from '../api/index.ts';
import { createCallObject } from './call-object.ts';
import {
  BOUNDARY_STEPS,
  boundaryPart,
  NPC_STATE_CHECKPOINT,
  REFLECTION_STEPS,
  STEP_DEPENDENCIES,
  type BoundaryStep,
  type Json,
  type StepHandler,
} from './contract.ts';
import { checkpointWrites, reflectionCheckpointWrites } from './checkpoint.ts';
import { npcStateFromCheckpoint } from './npc-state.ts';
import { toJson } from './json.ts';
import { readBoundaryInput, type BoundaryInput } from './snapshot.ts';
import { parseStepResult } from './step-result.ts';
import { errorMessage } from '../api/index.ts';

/** The save as the workflow uses it: its run and step rows, and the writes that move them on. */
export type BoundaryStore = Pick<
  SaveStore,
  | 'id'
  | 'boundaryRun'
  | 'boundarySteps'
  | 'startBoundaryStep'
  | 'finishBoundaryStep'
  | 'failBoundaryStep'
  | 'finishBoundaryRun'
  | 'failBoundaryRun'
  | 'resumeBoundaryRun'
  | 'latestCheckpoint'
>;

/** Every step but the checkpoint, which is the workflow's own. */
export type WorkStep = Exclude<BoundaryStep, 'checkpoint'>;
export type BoundaryHandlers = { readonly [S in WorkStep]: StepHandler };

export interface BoundaryProgress {
  readonly runId: number;
  /** The closing turn's story number. */
  readonly turn: number;
  readonly step: BoundaryStep;
  readonly status: 'started' | 'done' | 'retrying' | 'failed';
  readonly attempt: number;
  /** Steps done so far in this run, of `total`. */
  readonly done: number;
  readonly total: number;
  readonly error?: string;
}

export interface WorkflowDeps {
  readonly store: BoundaryStore;
  readonly handlers: BoundaryHandlers;
  readonly pack: StoryPack;
  readonly prompts: PromptBook;
  readonly personaId: string;
  readonly router: LlmRouter;
  readonly clock: Clock;
  readonly emit: (event: EngineEvent) => void;
  readonly stageTimeoutMs: number;
  readonly landscape?: () => LandscapeReport;
  readonly signal?: AbortSignal;
  /** Attempts per step each time the run is (re)started; 3 unless told. */
  readonly maxAttempts?: number;
  readonly onProgress?: (progress: BoundaryProgress) => void;
}

/** `next`: the run this one started as it finished (a boundary's reflections, see SCENE_STEPS). */
export type WorkflowOutcome =
  | { readonly status: 'done'; readonly next?: number }
  | { readonly status: 'failed'; readonly step: BoundaryStep; readonly reason: string };

type StepOutcome = { readonly ok: true } | { readonly ok: false; readonly reason: string };
type Settled<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

const DEFAULT_ATTEMPTS = 3;

/**
 * Runs (or resumes) one scene-boundary run: every step whose dependencies are done starts at once, so independent
 * steps overlap; a step already done in the save is never run again. Each step retries on its own; a step that still
 * fails stops new steps from starting, lets the running ones finish (their work is kept), and fails the run naming
 * it. A failed run is resumed by calling this again.
 */
export async function runBoundaryWorkflow(deps: WorkflowDeps, runId: number): Promise<WorkflowOutcome> {
  const run = deps.store.boundaryRun(runId);
  if (run === null) throw new Error(`save ${deps.store.id} has no scene-boundary run ${runId}`);
  if (run.status === 'done') return { status: 'done' };
  if (run.status === 'failed') deps.store.resumeBoundaryRun(runId);

  const outputs: { [S in BoundaryStep]?: Json } = {};
  const rows = deps.store.boundarySteps(runId);
  for (const row of rows) {
    if (row.status === 'done' && isStep(row.step)) outputs[row.step] = row.output;
  }
  // The run's own steps (a whole boundary, or one of its two runs), in workflow order.
  const names = rows.map((row) => row.step);
  const steps = BOUNDARY_STEPS.filter((step) => names.includes(step));
  const part = boundaryPart(names);
  let next: number | undefined;
  const signal = deps.signal ?? new AbortController().signal;
  // Read on first use, inside a step's attempt, so an unreadable snapshot fails that step as before; once read, every
  // step and the checkpoint share it (checking the whole npc state and transcript per step was most of a boundary's
  // synchronous time).
  let input: BoundaryInput | null = null;
  const readInput = (): BoundaryInput => (input ??= readBoundaryInput(run.input));
  const report = (step: BoundaryStep, status: BoundaryProgress['status'], attempt: number, error?: string) =>
    deps.onProgress?.({
      runId,
      turn: run.turnNumber,
      step,
      status,
      attempt,
      done: Object.keys(outputs).length,
      total: steps.length,
      ...(error === undefined ? {} : { error }),
    });

  const attemptStep = async (step: BoundaryStep): Promise<StepOutcome> => {
    const attempts = deps.maxAttempts ?? DEFAULT_ATTEMPTS;
    for (let attempt = 1; ; attempt += 1) {
      const log: NewStageCall[] = [];
      deps.store.startBoundaryStep(runId, step);
      report(step, 'started', attempt);
      const result =
        step === 'checkpoint'
          ? await settle(async () => checkpoint())
          : await settle(async () => commitStep(step, await work(step, { ...outputs }, log), log));
      if (result.ok) {
        outputs[step] = result.value;
        report(step, 'done', attempt);
        return { ok: true };
      }
      deps.store.failBoundaryStep({ runId, step, error: result.reason, stageCalls: log });
      if (attempt >= attempts || signal.aborted) {
        report(step, 'failed', attempt, result.reason);
        return result;
      }
      report(step, 'retrying', attempt, result.reason);
    }
  };

  const commitStep = (step: WorkStep, output: Json, log: readonly NewStageCall[]): Json => {
    deps.store.finishBoundaryStep({ runId, step, output, stageCalls: log });
    return output;
  };
  const checkpoint = (): Json => {
    const writes =
      part === 'reflections'
        ? reflectionCheckpointWrites(readInput(), latestNpc(deps.store) ?? readInput().npc, outputs)
        : checkpointWrites(readInput(), outputs);
    // The first run of a boundary starts its reflections in the same write: a crash leaves both or neither.
    const then = part === 'scene' ? { boundary: { input: run.input, steps: REFLECTION_STEPS } } : {};
    next = deps.store.finishBoundaryRun({
      runId,
      step: 'checkpoint',
      output: writes.output,
      checkpoints: writes.checkpoints,
      ...then,
    });
    return writes.output;
  };

  const work = async (step: WorkStep, done: { [S in BoundaryStep]?: Json }, log: NewStageCall[]): Promise<Json> => {
    const callObject = createCallObject({ ...deps, saveId: deps.store.id, turn: run.turnNumber, signal, log });
    const output = await deps.handlers[step]({
      pack: deps.pack,
      prompts: deps.prompts,
      personaId: deps.personaId,
      ...readInput(),
      outputs: done,
      callObject,
      signal,
      ...(deps.landscape === undefined ? {} : { landscape: deps.landscape }),
    });
    const json = toJson(output);
    // A result of the wrong shape fails its own step (and is retried there), not the checkpoint later.
    parseStepResult(step, json);
    return json;
  };

  // A step's promise never rejects: a write the save refused (closed, disk full) comes back as `broken`, so the steps
  // still running are awaited before it is thrown.
  const running = new Map<BoundaryStep, Promise<Finished>>();
  let failure: { step: BoundaryStep; reason: string } | null = null;
  let broken: { readonly error: unknown } | null = null;
  for (;;) {
    if (failure === null && broken === null) {
      for (const step of steps) {
        if (outputs[step] !== undefined || running.has(step)) continue;
        // A dependency that is not a step of this run is the other run's (the reflections need none of its results).
        const waitsFor = STEP_DEPENDENCIES[step].filter((dependency) => steps.includes(dependency));
        if (!waitsFor.every((dependency) => outputs[dependency] !== undefined)) continue;
        const finished = attemptStep(step).then(
          (outcome): Finished => ({ step, outcome }),
          (error: unknown): Finished => ({ step, broken: error }),
        );
        running.set(step, finished);
      }
    }
    if (running.size === 0) break;
    const finished = await Promise.race(running.values());
    running.delete(finished.step);
    if ('broken' in finished) broken ??= { error: finished.broken };
    else if (!finished.outcome.ok) failure ??= { step: finished.step, reason: finished.outcome.reason };
  }
  if (broken !== null) throw broken.error;
  if (failure === null) return next === undefined ? { status: 'done' } : { status: 'done', next };
  deps.store.failBoundaryRun(runId, `${failure.step}: ${failure.reason}`);
  return { status: 'failed', ...failure };
}

type Finished =
  | { readonly step: BoundaryStep; readonly outcome: StepOutcome }
  | { readonly step: BoundaryStep; readonly broken: unknown };

/** The npc state the save holds now, which the reflections' run writes its memories into. */
function latestNpc(store: BoundaryStore) {
  const latest = store.latestCheckpoint(NPC_STATE_CHECKPOINT);
  return latest === null ? null : npcStateFromCheckpoint(latest.data, `save ${store.id}, its latest npc_state`);
}

function isStep(name: string): name is BoundaryStep {
  return BOUNDARY_STEPS.some((step) => step === name);
}

/** A failed attempt as a value: the step retries it (a failing write to the save included). */
async function settle<T>(work: () => Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, reason: errorMessage(error) };
  }
}
