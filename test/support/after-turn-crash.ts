/**
 * Run as a child process by test/integration/play/after-turn.test.ts: plays the save's unfinished after-turn run and
 * dies hard (process.exit, no cleanup, the save left open) at a chosen point of one step:
 *   node test/support/after-turn-crash.ts <save> <step> inside|after
 * `inside`: the step's LLM call has answered but its result is not yet written (for `apply`: its row is marked
 * running, its writes not yet made). `after`: the step's result has just been written.
 */
import type { LlmProvider } from '../../engine/llm/index.ts';
import { manualClock } from '../../engine/platform/testing.ts';
import { APPLY_STEP, readAfterTurnInput, runAfterTurn } from '../../engine/turn/index.ts';
import { CRASH_EXIT_CODE, routerFor } from './boundary.ts';
import { createInstantProvider } from './instant-provider.ts';
import { lanternQuay } from './packs.ts';
import { openTestSave } from './saves.ts';

const [savePath, step, when] = process.argv.slice(2);
if (savePath === undefined || step === undefined || (when !== 'inside' && when !== 'after')) {
  throw new Error('usage: after-turn-crash.ts <save> <step> inside|after');
}

const crash = (): never => process.exit(CRASH_EXIT_CODE);
const store = await openTestSave(savePath, 'write');
const run = store.unfinishedRuns().find((candidate) => candidate.kind === 'after_turn');
if (run === undefined) throw new Error(`${savePath} has no unfinished after-turn run`);
// The step's call, found by its stage and principal.
const target = readAfterTurnInput(run, savePath).steps.find((candidate) => candidate.name === step);

const instant = createInstantProvider();
const provider: LlmProvider = {
  ...instant,
  generateObject: async (request) => {
    const result = await instant.generateObject(request);
    if (when === 'inside' && request.stage === target?.stage && request.principal === target.principal) crash();
    return result;
  },
};

await runAfterTurn(
  {
    store,
    pack: await lanternQuay(),
    router: routerFor(provider),
    clock: manualClock(),
    emit: () => undefined,
    stageTimeoutMs: 10_000,
    signal: new AbortController().signal,
    onProgress: (progress) => {
      if (progress.step !== step) return;
      if (when === 'after' && progress.status === 'done') crash();
      if (when === 'inside' && step === APPLY_STEP && progress.status === 'started') crash();
    },
  },
  run.id,
);
throw new Error(`the run finished without reaching the crash point (${step}, ${when})`);
