import { boundaryPart, type BoundaryStep, type Json } from './contract.ts';
import { runDag } from './dag.ts';
import { readBoundaryInput, type BoundaryInput } from './snapshot.ts';
import { boundaryDagSteps, isStep, type StepLog } from './workflow-steps.ts';
import type { WorkflowDeps } from './workflow-deps.ts';

export type { BoundaryHandlers, BoundaryProgress, BoundaryStore, WorkflowDeps, WorkStep } from './workflow-deps.ts';

/** `next`: the run this one started as it finished (a boundary's reflections, see SCENE_STEPS). */
export type WorkflowOutcome =
  | { readonly status: 'done'; readonly next?: number }
  | { readonly status: 'failed'; readonly step: BoundaryStep; readonly reason: string };

const DEFAULT_ATTEMPTS = 3;

/**
 * Runs (or resumes) one scene-boundary run on the DAG runner (dag.ts): every step whose dependencies are done starts
 * at once; a step already done in the save is never run again. Each step retries on its own; a step that still fails
 * lets the running ones finish (their work is kept) and fails the run naming it. A failed run is resumed by calling
 * this again.
 */
export async function runBoundaryWorkflow(deps: WorkflowDeps, runId: number): Promise<WorkflowOutcome> {
  const run = deps.store.boundaryRun(runId);
  if (run === null) throw new Error(`save ${deps.store.id} has no scene-boundary run ${runId}`);
  if (run.status === 'done') return { status: 'done' };
  if (run.status === 'failed') deps.store.resumeBoundaryRun(runId);

  const rows = deps.store.boundarySteps(runId);
  const finished: { [S in BoundaryStep]?: Json } = {};
  for (const row of rows) if (row.status === 'done' && isStep(row.step)) finished[row.step] = row.output;
  // The run's own steps: a whole boundary, or one of its two runs.
  const names = rows.map((row) => row.step);
  let next: number | undefined;
  // Read on first use, inside a step's attempt; once read, every step and the checkpoint share it (checking the whole
  // npc state and transcript per step was most of a boundary's synchronous time).
  let input: BoundaryInput | null = null;
  const signal = deps.signal ?? new AbortController().signal;
  const scope = {
    deps,
    run,
    part: boundaryPart(names),
    signal,
    input: () => (input ??= readBoundaryInput(run.input)),
    started: (started: number | undefined) => void (next = started),
  };
  const outcome = await runDag<BoundaryStep, Json, StepLog>({
    steps: boundaryDagSteps(scope, names),
    finished,
    rows: {
      start: (step): StepLog => {
        deps.store.startBoundaryStep(runId, step);
        return [];
      },
      fail: (step, error, stageCalls) => deps.store.failBoundaryStep({ runId, step, error, stageCalls }),
    },
    maxAttempts: deps.maxAttempts ?? DEFAULT_ATTEMPTS,
    signal,
    ...(deps.onProgress === undefined
      ? {}
      : { onProgress: (progress) => deps.onProgress?.({ runId, turn: run.turnNumber, ...progress }) }),
  });
  if (outcome.ok) return next === undefined ? { status: 'done' } : { status: 'done', next };
  deps.store.failBoundaryRun(runId, `${outcome.step}: ${outcome.reason}`);
  return { status: 'failed', step: outcome.step, reason: outcome.reason };
}
