import type { NewStageCall, StoredBoundaryRun } from '../store/index.ts';
import { createCallObject } from './call-object.ts';
import { checkpointWrites, reflectionCheckpointWrites } from './checkpoint.ts';
import {
  BOUNDARY_STEPS,
  NPC_STATE_CHECKPOINT,
  REFLECTION_STEPS,
  STEP_DEPENDENCIES,
  type BoundaryPart,
  type BoundaryStep,
  type Json,
} from './contract.ts';
import type { DagStep } from './dag.ts';
import { toJson } from './json.ts';
import { npcStateFromCheckpoint } from './npc-state.ts';
import type { BoundaryInput } from './snapshot.ts';
import { parseStepResult } from './step-result.ts';
import type { BoundaryStore, WorkflowDeps, WorkStep } from './workflow-deps.ts';

/** An attempt's scope: the stage calls it made, logged with its row whether it succeeds or fails. */
export type StepLog = NewStageCall[];
export type BoundaryDagStep = DagStep<BoundaryStep, Json, StepLog>;

/** What one go at a run shares between its steps. */
export interface RunScope {
  readonly deps: WorkflowDeps;
  readonly run: StoredBoundaryRun;
  readonly part: BoundaryPart;
  readonly signal: AbortSignal;
  /** The run's input, read on first use (so an unreadable snapshot fails the step that reads it) and then shared. */
  readonly input: () => BoundaryInput;
  /** The run this one started as it finished (the checkpoint of a boundary's first run starts its reflections). */
  readonly started: (next: number | undefined) => void;
}

/**
 * The boundary's steps as a DAG (contract.ts BOUNDARY_STEPS and STEP_DEPENDENCIES): those of this run, each waiting
 * for its dependencies of the same run (one of the other run is not waited for: the reflections need none of the
 * first run's results). A work step calls its handler and writes its row; the checkpoint applies every result.
 */
export function boundaryDagSteps(scope: RunScope, names: readonly string[]): BoundaryDagStep[] {
  const ids = BOUNDARY_STEPS.filter((step) => names.includes(step));
  return ids.map((id) => ({
    id,
    after: STEP_DEPENDENCIES[id].filter((dependency) => ids.includes(dependency)),
    ...(id === 'checkpoint' ? checkpointStep(scope) : workStep(scope, id)),
  }));
}

type StepBody = Pick<BoundaryDagStep, 'run' | 'apply'>;

function workStep({ deps, run, signal, input }: RunScope, step: WorkStep): StepBody {
  return {
    run: async (done, log) => {
      const callObject = createCallObject({ ...deps, saveId: deps.store.id, turn: run.turnNumber, signal, log });
      const output = await deps.handlers[step]({
        pack: deps.pack,
        prompts: deps.prompts,
        personaId: deps.personaId,
        ...input(),
        outputs: done,
        callObject,
        signal,
        ...(deps.landscape === undefined ? {} : { landscape: deps.landscape }),
      });
      const json = toJson(output);
      // A result of the wrong shape fails its own step (and is retried there), not the checkpoint later.
      parseStepResult(step, json);
      return json;
    },
    apply: (output, log) => {
      deps.store.finishBoundaryStep({ runId: run.id, step, output, stageCalls: log });
      return output;
    },
  };
}

function checkpointStep({ deps, run, part, input, started }: RunScope): StepBody {
  return {
    // Nothing to do but wait for the others: applying their results is the checkpoint's whole job.
    run: (done) => Promise.resolve(done),
    apply: (done) => {
      const outputs = stepOutputs(done);
      const writes =
        part === 'reflections'
          ? reflectionCheckpointWrites(input(), latestNpc(deps.store) ?? input().npc, outputs)
          : checkpointWrites(input(), outputs);
      // The first run of a boundary starts its reflections in the same write: a crash leaves both or neither.
      const then = part === 'scene' ? { boundary: { input: run.input, steps: REFLECTION_STEPS } } : {};
      started(
        deps.store.finishBoundaryRun({
          runId: run.id,
          step: 'checkpoint',
          output: writes.output,
          checkpoints: writes.checkpoints,
          ...then,
        }),
      );
      return writes.output;
    },
  };
}

/** The finished steps' outputs, as the checkpoint's `run` handed them over. */
function stepOutputs(done: Json): { [S in BoundaryStep]?: Json } {
  if (typeof done !== 'object' || done === null || Array.isArray(done)) return {};
  return Object.fromEntries(Object.entries(done).filter(([step]) => isStep(step)));
}

/** The npc state the save holds now, which the reflections' run writes its memories into. */
function latestNpc(store: BoundaryStore) {
  const latest = store.latestCheckpoint(NPC_STATE_CHECKPOINT);
  return latest === null ? null : npcStateFromCheckpoint(latest.data, `save ${store.id}, its latest npc_state`);
}

export function isStep(name: string): name is BoundaryStep {
  return BOUNDARY_STEPS.some((step) => step === name);
}
