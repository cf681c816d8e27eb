/**
 * Run as a child process by test/integration/boundary/crash-resume.test.ts: plays the save's unfinished
 * scene-boundary run and dies hard (process.exit, no cleanup, the save left open) at a chosen point of one step:
 *   node test/support/boundary-crash.ts <save> <step> inside|after
 * `inside`: the step has done its work (its LLM calls answered) but its result is not yet written; for the
 * checkpoint, its row is marked running. `after`: the step's result has just been written.
 */
import {
  BOUNDARY_HANDLERS,
  BOUNDARY_STEPS,
  runBoundaryWorkflow,
  type BoundaryHandlers,
  type BoundaryStep,
  type StepHandler,
} from '../../engine/boundary/index.ts';
import { ASKING_FOR_LORE, boundaryReplies } from './boundary-replies.ts';
import { CRASH_EXIT_CODE, lanternQuay, workflowDeps } from './boundary.ts';
import { openTestSave } from './saves.ts';

const [savePath, stepName, when] = process.argv.slice(2);
const step = BOUNDARY_STEPS.find((candidate) => candidate === stepName);
if (savePath === undefined || step === undefined || (when !== 'inside' && when !== 'after')) {
  throw new Error('usage: boundary-crash.ts <save> <step> inside|after');
}

const crash = (): never => process.exit(CRASH_EXIT_CODE);
const crashingAfterWork =
  (handler: StepHandler): StepHandler =>
  async (context) => {
    await handler(context);
    return crash();
  };
const handlers: BoundaryHandlers =
  when === 'inside' && step !== 'checkpoint'
    ? withHandler(step, crashingAfterWork(BOUNDARY_HANDLERS[step]))
    : BOUNDARY_HANDLERS;

const pack = await lanternQuay();
const store = await openTestSave(savePath, 'write');
const [run] = store.unfinishedBoundaryRuns();
if (run === undefined) throw new Error(`${savePath} has no unfinished scene-boundary run`);
await runBoundaryWorkflow(
  workflowDeps(store, pack, handlers, boundaryReplies(0, 'self_focused', ASKING_FOR_LORE), {
    onProgress: (progress) => {
      if (progress.step !== step) return;
      if (when === 'after' && progress.status === 'done') crash();
      if (when === 'inside' && step === 'checkpoint' && progress.status === 'started') crash();
    },
  }),
  run.id,
);
throw new Error(`the run finished without reaching the crash point (${step}, ${when})`);

function withHandler(name: Exclude<BoundaryStep, 'checkpoint'>, handler: StepHandler): BoundaryHandlers {
  return { ...BOUNDARY_HANDLERS, [name]: handler } satisfies BoundaryHandlers;
}
