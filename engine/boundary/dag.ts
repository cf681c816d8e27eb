import { errorMessage } from '../api/index.ts';

/**
 * A small durable DAG runner: steps with ids and dependencies, each run in attempts whose states are rows the caller
 * keeps (`DagRows`), so a run stopped or crashed part-way is resumed by running it again with what had finished. It
 * knows nothing of what the steps do; the scene boundary declares its own on it (workflow-steps.ts).
 */
export interface DagStep<Id extends string, Output, Scope> {
  readonly id: Id;
  /** The steps it waits for, all of the same run. */
  readonly after: readonly Id[];
  /** One attempt's work, from a copy of the outputs finished so far (every one it waits for among them). */
  readonly run: (done: { readonly [S in Id]?: Output }, scope: Scope) => Promise<Output>;
  /** Makes the attempt's result durable (its row) and returns the step's output; a throw fails the attempt. */
  readonly apply: (result: Output, scope: Scope) => Output;
}

/** The durable rows of a run's steps. */
export interface DagRows<Id extends string, Scope> {
  /** Marks the step's row as running and opens the attempt's own scope (what it logs, for one). */
  readonly start: (id: Id) => Scope;
  /** Records a failed attempt in its row. */
  readonly fail: (id: Id, reason: string, scope: Scope) => void;
}

export interface DagProgress<Id extends string> {
  readonly step: Id;
  readonly status: 'started' | 'done' | 'retrying' | 'failed';
  readonly attempt: number;
  /** Steps done so far in this run, of `total`. */
  readonly done: number;
  readonly total: number;
  readonly error?: string;
}

export interface DagRun<Id extends string, Output, Scope> {
  /** In the order steps that are ready together start. */
  readonly steps: readonly DagStep<Id, Output, Scope>[];
  /** Outputs of the steps an earlier go at the run finished: they never run again. */
  readonly finished: { readonly [S in Id]?: Output };
  readonly rows: DagRows<Id, Scope>;
  /** Attempts per step each time the run is (re)started. */
  readonly maxAttempts: number;
  readonly signal: AbortSignal;
  readonly onProgress?: (progress: DagProgress<Id>) => void;
}

export type DagOutcome<Id extends string> =
  { readonly ok: true } | { readonly ok: false; readonly step: Id; readonly reason: string };

type Settled<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };
type Finished<Id extends string> =
  { readonly step: Id; readonly outcome: Settled<unknown> } | { readonly step: Id; readonly broken: unknown };

/**
 * Runs every step whose dependencies are done at once, so independent steps overlap. Each step retries on its own; a
 * step that still fails stops new steps from starting, lets the running ones finish (their work is kept), and fails
 * the run naming it. A row the caller cannot write (`rows` threw: a closed save, a full disk) is thrown once the steps
 * still running have been awaited.
 */
export async function runDag<Id extends string, Output, Scope>(
  dag: DagRun<Id, Output, Scope>,
): Promise<DagOutcome<Id>> {
  const outputs: { [S in Id]?: Output } = { ...dag.finished };
  const isDone = (id: Id): boolean => outputs[id] !== undefined;
  const report = (step: Id, status: DagProgress<Id>['status'], attempt: number, error?: string) =>
    dag.onProgress?.({
      step,
      status,
      attempt,
      done: dag.steps.filter((candidate) => isDone(candidate.id)).length,
      total: dag.steps.length,
      ...(error === undefined ? {} : { error }),
    });

  const attemptStep = async (step: DagStep<Id, Output, Scope>): Promise<Settled<Output>> => {
    for (let attempt = 1; ; attempt += 1) {
      const scope = dag.rows.start(step.id);
      report(step.id, 'started', attempt);
      const result = await settle(async () => step.apply(await step.run({ ...outputs }, scope), scope));
      if (result.ok) {
        outputs[step.id] = result.value;
        report(step.id, 'done', attempt);
        return result;
      }
      dag.rows.fail(step.id, result.reason, scope);
      if (attempt >= dag.maxAttempts || dag.signal.aborted) {
        report(step.id, 'failed', attempt, result.reason);
        return result;
      }
      report(step.id, 'retrying', attempt, result.reason);
    }
  };

  // A step's promise never rejects: a row the caller could not write comes back as `broken`.
  const running = new Map<Id, Promise<Finished<Id>>>();
  let failure: { readonly step: Id; readonly reason: string } | null = null;
  let broken: { readonly error: unknown } | null = null;
  for (;;) {
    if (failure === null && broken === null) {
      for (const step of dag.steps) {
        if (isDone(step.id) || running.has(step.id) || !step.after.every(isDone)) continue;
        const finished = attemptStep(step).then(
          (outcome): Finished<Id> => ({ step: step.id, outcome }),
          (error: unknown): Finished<Id> => ({ step: step.id, broken: error }),
        );
        running.set(step.id, finished);
      }
    }
    if (running.size === 0) break;
    const finished = await Promise.race(running.values());
    running.delete(finished.step);
    if ('broken' in finished) broken ??= { error: finished.broken };
    else if (!finished.outcome.ok) failure ??= { step: finished.step, reason: finished.outcome.reason };
  }
  if (broken !== null) throw broken.error;
  return failure === null ? { ok: true } : { ok: false, ...failure };
}

/** A failed attempt as a value: the step retries it (a failing write of its row included). */
async function settle<T>(work: () => Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, reason: errorMessage(error) };
  }
}
