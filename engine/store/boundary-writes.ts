import type { BoundaryRunFinish, BoundaryStepWrite } from './boundary-types.ts';
import type { StoreContext } from './context.ts';
import { insertCheckpoint } from './repos/checkpoints.ts';
import { insertLedger } from './repos/ledger.ts';
import { insertMessages } from './repos/messages.ts';
import {
  insertBoundaryRun,
  markRun,
  markStepDone,
  markStepFailed,
  markStepStarted,
  nextMessageSeq,
  nextStageCallSeq,
  readBoundaryRun,
  boundaryRunTurnId,
} from './repos/boundary.ts';
import { insertStageCalls } from './repos/stage-calls.ts';
import { toSaveError } from './sqlite/errors.ts';
import { transaction } from './sqlite/exec.ts';

/**
 * The scene-boundary workflow's writes. Each is one transaction, so a crash leaves a step either not done (it runs
 * again, its effects not yet applied anywhere) or done with its output and its stage log together.
 */
export function startBoundaryStep(context: StoreContext, runId: number, step: string): void {
  write(context, `start boundary step ${step} in`, (now) => markStepStarted(context.sqlite, runId, step, now));
}

export function finishBoundaryStep(context: StoreContext, done: BoundaryStepWrite & { readonly output: unknown }) {
  write(context, `finish boundary step ${done.step} in`, (now) => {
    logCalls(context, done, now);
    markStepDone(context.sqlite, done.runId, done.step, done.output, now);
  });
}

export function failBoundaryStep(context: StoreContext, failed: BoundaryStepWrite & { readonly error: string }) {
  write(context, `record a failed boundary step ${failed.step} in`, (now) => {
    logCalls(context, failed, now);
    markStepFailed(context.sqlite, failed.runId, failed.step, failed.error, now);
  });
}

/**
 * The last step's output, its checkpoints and ledger rows on the run's turn, the run's `done` and the scene-boundary run it starts (if
 * any): all or nothing. Returns the started boundary run's id.
 */
export function finishBoundaryRun(context: StoreContext, finish: BoundaryRunFinish): number | undefined {
  let started: number | undefined;
  write(context, 'finish a durable run in', (now) => {
    const turnId = runTurnId(context, finish.runId);
    for (const checkpoint of finish.checkpoints) insertCheckpoint(context.sqlite, turnId, checkpoint, now);
    insertLedger(context.sqlite, turnId, finish.ledger ?? [], now);
    appendMessages(context, finish, turnId, now);
    markStepDone(context.sqlite, finish.runId, finish.step, finish.output, now);
    markRun(context.sqlite, finish.runId, 'done', null, now);
    if (finish.boundary !== undefined)
      started = insertBoundaryRun(context.sqlite, turnId, finish.boundary.input, finish.boundary.steps, now);
  });
  return started;
}

export function failBoundaryRun(context: StoreContext, runId: number, error: string): void {
  write(context, 'record a failed scene-boundary run in', (now) =>
    markRun(context.sqlite, runId, 'failed', error, now),
  );
}

/** A failed run is picked up again (on the next load, or before the next turn). */
export function resumeBoundaryRun(context: StoreContext, runId: number): void {
  write(context, 'resume a scene-boundary run in', () => markRun(context.sqlite, runId, 'running', null, null));
}

function logCalls(context: StoreContext, write: BoundaryStepWrite, now: number): void {
  const calls = write.stageCalls ?? [];
  if (calls.length === 0) return;
  const turnId = runTurnId(context, write.runId);
  const first = nextStageCallSeq(context.sqlite, turnId);
  const numbered = calls.map((call, index) => ({ ...call, seq: first + index }));
  insertStageCalls(context.sqlite, turnId, numbered, now);
}

/** A run's messages go after its turn's own, in the run's order. */
function appendMessages(context: StoreContext, finish: BoundaryRunFinish, turnId: number, now: number): void {
  const messages = finish.messages ?? [];
  const run = readBoundaryRun(context.sqlite, finish.runId);
  if (messages.length === 0 || run === null) return;
  const seq = nextMessageSeq(context.sqlite, turnId);
  const numbered = messages.map((message, index) => ({ ...message, seq: seq + index }));
  insertMessages(context.sqlite, context.path, { id: turnId, number: run.turnNumber }, numbered, now);
}

function runTurnId(context: StoreContext, runId: number): number {
  const turnId = boundaryRunTurnId(context.sqlite, runId);
  if (turnId === null) throw new Error(`no scene-boundary run ${runId}`);
  return turnId;
}

function write(context: StoreContext, doing: string, work: (now: number) => void): void {
  const now = context.clock.now();
  try {
    transaction(context.sqlite, () => work(now));
  } catch (error) {
    throw toSaveError(error, context.path, doing);
  }
}
