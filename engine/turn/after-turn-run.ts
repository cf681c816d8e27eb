import type { z } from 'zod';
import type { EngineEvent, StageKind } from '../api/index.ts';
import type { LlmRouter } from '../llm/index.ts';
import type { StoryPack } from '../pack/index.ts';
import type { Clock } from '../platform/index.ts';
import type { NewStageCall, SaveStore } from '../store/index.ts';
import { llmRequest, loggedStageCall } from '../stage-call/index.ts';
import { afterTurnWrites, APPLY_STEP, readAfterTurnInput } from './after-turn-apply.ts';
import { interpretReplySchema, refinedJudgments, type Interpretation, type InterpretStep } from './classify/index.ts';
import { EXTRACTOR_CALLS, type AfterTurnStep } from './extract.ts';
import { inCacheOrder } from './cache-order.ts';
import { CREATION_CALL, createdCharacterSchema, type CreationStep } from './creation/step.ts';
import { errorMessage } from '../api/index.ts';

export interface AfterTurnDeps {
  readonly store: SaveStore;
  readonly pack: StoryPack;
  readonly router: LlmRouter;
  readonly clock: Clock;
  readonly emit: (event: EngineEvent) => void;
  readonly stageTimeoutMs: number;
  readonly signal: AbortSignal;
  /** Attempts per step each time the run is (re)started; 3 unless told. */
  readonly maxAttempts?: number;
  readonly onProgress?: (progress: AfterTurnProgress) => void;
}

export interface AfterTurnProgress {
  readonly runId: number;
  readonly turn: number;
  readonly step: string;
  readonly status: 'started' | 'done' | 'retrying' | 'failed';
  readonly done: number;
  readonly total: number;
}

export type AfterTurnOutcome =
  | { readonly status: 'done'; readonly boundaryRunId?: number }
  | { readonly status: 'failed'; readonly step: string; readonly stage: StageKind | 'engine'; readonly reason: string };

type StepOutcome = { readonly ok: true } | { readonly ok: false; readonly reason: string };

const DEFAULT_ATTEMPTS = 3;

/**
 * Runs (or resumes) a turn's after-turn work, modelled on the scene boundary's workflow: every extractor step not yet
 * done runs at once (they are independent calls), started in the order that lets each reuse the most of the prompt
 * before it in the local model's KV cache (inCacheOrder), each retrying on its own; a step's output and its stage log
 * are written in one transaction, so a crash never leaves half a step, and a done step never runs again. Once all are
 * done, the final step applies their writes (see afterTurnWrites) in the same transaction that marks the run done. A
 * step that still fails fails the run, naming it; calling this again resumes it.
 */
export async function runAfterTurn(deps: AfterTurnDeps, runId: number): Promise<AfterTurnOutcome> {
  const { store } = deps;
  const run = store.boundaryRun(runId);
  if (run?.kind !== 'after_turn') throw new Error(`save ${store.id} has no after-turn run ${runId}`);
  if (run.status === 'done') return { status: 'done' };
  if (deps.signal.aborted) return { status: 'failed', step: APPLY_STEP, stage: 'engine', reason: 'stopped' };
  if (run.status === 'failed') store.resumeBoundaryRun(runId);

  const outputs = new Map<string, unknown>();
  for (const row of store.boundarySteps(runId)) if (row.status === 'done') outputs.set(row.step, row.output);
  const input = readAfterTurnInput(run, store.path);
  const total = input.steps.length + 1;
  const report = (step: string, status: AfterTurnProgress['status']) =>
    deps.onProgress?.({ runId, turn: run.turnNumber, step, status, done: outputs.size, total });

  const attemptStep = async (step: AfterTurnStep): Promise<StepOutcome> => {
    const attempts = deps.maxAttempts ?? DEFAULT_ATTEMPTS;
    for (let attempt = 1; ; attempt += 1) {
      const log: NewStageCall[] = [];
      store.startBoundaryStep(runId, step.name);
      report(step.name, 'started');
      try {
        const output = await call(deps, run.turnNumber, step, log);
        store.finishBoundaryStep({ runId, step: step.name, output, stageCalls: log });
        outputs.set(step.name, output);
        report(step.name, 'done');
        return { ok: true };
      } catch (error) {
        const reason = errorMessage(error);
        store.failBoundaryStep({ runId, step: step.name, error: reason, stageCalls: log });
        if (attempt >= attempts || deps.signal.aborted) {
          report(step.name, 'failed');
          return { ok: false, reason };
        }
        report(step.name, 'retrying');
      }
    }
  };

  const pending = inCacheOrder(
    input.steps.filter((step) => !outputs.has(step.name)),
    (step) => ({ stage: step.stage, prompt: step.messages }),
  );
  // A step's promise rejects only when the save refused a write; the others are awaited before that is thrown.
  const settled = await Promise.allSettled(pending.map(attemptStep));
  const broken = settled.find((result) => result.status === 'rejected');
  if (broken !== undefined) throw broken.reason;
  const failedAt = settled.findIndex((result) => result.status === 'fulfilled' && !result.value.ok);
  const failedStep = pending[failedAt];
  const failure = settled[failedAt];
  if (failedStep !== undefined && failure?.status === 'fulfilled' && !failure.value.ok) {
    store.failBoundaryRun(runId, `${failedStep.name}: ${failure.value.reason}`);
    return { status: 'failed', step: failedStep.name, stage: failedStep.stage, reason: failure.value.reason };
  }

  store.startBoundaryStep(runId, APPLY_STEP);
  report(APPLY_STEP, 'started');
  try {
    const writes = afterTurnWrites(store, deps.pack, deps.clock, run, input, outputs);
    const boundaryRunId = store.finishBoundaryRun({ runId, step: APPLY_STEP, ...writes });
    outputs.set(APPLY_STEP, writes.output);
    report(APPLY_STEP, 'done');
    return boundaryRunId === undefined ? { status: 'done' } : { status: 'done', boundaryRunId };
  } catch (error) {
    const reason = errorMessage(error);
    store.failBoundaryStep({ runId, step: APPLY_STEP, error: reason });
    store.failBoundaryRun(runId, `${APPLY_STEP}: ${reason}`);
    report(APPLY_STEP, 'failed');
    return { status: 'failed', step: APPLY_STEP, stage: 'engine', reason };
  }
}

/** One step's call, like a turn's: announced, bounded by the stage timeout and the run's signal, and logged. */
async function call(deps: AfterTurnDeps, turn: number, step: AfterTurnStep, log: NewStageCall[]): Promise<unknown> {
  if (step.stage === 'deep_interpretation') return interpret(deps, turn, step, log);
  const scope = callScope(deps, turn, log);
  if (step.stage === 'creation') return create(scope, step);
  const { schemaName, maxTokens, temperature } = EXTRACTOR_CALLS[step.stage];
  // Checked again, per kind, when the run applies it.
  const schema: z.ZodType<unknown> = EXTRACTOR_CALLS[step.stage].schema;
  const request = { stage: step.stage, principal: step.principal, messages: step.messages, maxTokens, temperature };
  const result = await loggedStageCall(
    scope,
    request,
    (provider, signal, fitted) => provider.generateObject({ ...llmRequest(fitted), schema, schemaName, signal }),
    asError,
  );
  return result.value;
}

/** A creation step's call: a person's public face and voice; a place or thing needs none (null: see creation/apply.ts). */
async function create(scope: ReturnType<typeof callScope>, step: CreationStep): Promise<unknown> {
  if (step.request.kind !== 'character') return null;
  const { schemaName, maxTokens, temperature } = CREATION_CALL;
  const request = { stage: step.stage, principal: step.principal, messages: step.messages, maxTokens, temperature };
  const result = await loggedStageCall(
    scope,
    request,
    (provider, signal, fitted) =>
      provider.generateObject({ ...llmRequest(fitted), schema: createdCharacterSchema, schemaName, signal }),
    asError,
  );
  return result.value;
}

/**
 * Stage 4's call. A failure stops nothing (event-system.md: the provisional judgments stand): it is saved as the
 * step's answer, once, and reconciled as such. Only a stop leaves the step to run again.
 */
async function interpret(
  deps: AfterTurnDeps,
  turn: number,
  step: InterpretStep,
  log: NewStageCall[],
): Promise<Interpretation> {
  const schema = interpretReplySchema(step);
  const request = { stage: step.stage, principal: step.principal, messages: step.messages, maxTokens: 600 };
  const started = deps.clock.monotonic();
  try {
    const result = await loggedStageCall(
      callScope(deps, turn, log),
      { ...request, temperature: 0 },
      (provider, signal, fitted) =>
        provider.generateObject({ ...llmRequest(fitted), schema, schemaName: 'interpretation', signal }),
      asError,
    );
    const latency = Math.round(deps.clock.monotonic() - started);
    return { judgments: refinedJudgments(step, turn, result.value, latency), failure: null };
  } catch (error) {
    if (deps.signal.aborted) throw error;
    return { judgments: [], failure: errorMessage(error) };
  }
}

function asError(stage: string, principal: string, reason: string, cause: unknown): Error {
  return new Error(`${stage} (${principal}): ${reason}`, { cause });
}

function callScope(deps: AfterTurnDeps, turn: number, log: NewStageCall[]) {
  return {
    saveId: deps.store.id,
    turn,
    router: deps.router,
    clock: deps.clock,
    emit: deps.emit,
    stageTimeoutMs: deps.stageTimeoutMs,
    signal: deps.signal,
    cancelled: 'the after-turn work was stopped',
    log,
  };
}
