import { describe, expect, it } from 'vitest';
import { runDag, type DagProgress, type DagStep } from '../../../engine/boundary/dag.ts';

type Id = 'a' | 'b' | 'c' | 'd';

/** In-memory rows (a test double for the save's step rows): every start and failure, in order. */
function memoryRows() {
  const log: string[] = [];
  return {
    log,
    rows: {
      start: (id: Id) => {
        log.push(`start ${id}`);
        return { id };
      },
      fail: (id: Id, reason: string) => void log.push(`fail ${id}: ${reason}`),
    },
  };
}

/** `a`, then `b` and `c` side by side, then `d`: each output lists the outputs it was given. */
function diamond(work: Partial<Record<Id, () => Promise<string>>> = {}): DagStep<Id, string, { id: Id }>[] {
  const step = (id: Id, after: Id[]): DagStep<Id, string, { id: Id }> => ({
    id,
    after,
    run: async (done) => `${id}(${Object.keys(done).sort().join('')})${(await work[id]?.()) ?? ''}`,
    apply: (result, scope) => `${result}@${scope.id}`,
  });
  return [step('a', []), step('b', ['a']), step('c', ['a']), step('d', ['b', 'c'])];
}

const never = new AbortController().signal;

describe('the durable DAG runner', () => {
  it('starts each step once its dependencies are done, side by side when ready together, and reports progress', async () => {
    const { log, rows } = memoryRows();
    const progress: DagProgress<Id>[] = [];
    const outputs: string[] = [];
    const steps = diamond().map((step) => ({
      ...step,
      apply: (result: string, scope: { id: Id }) => {
        const output = step.apply(result, scope);
        outputs.push(output);
        return output;
      },
    }));
    const outcome = await runDag({
      steps,
      finished: {},
      rows,
      maxAttempts: 1,
      signal: never,
      onProgress: (p) => progress.push(p),
    });
    expect(outcome).toEqual({ ok: true });
    expect(log).toEqual(['start a', 'start b', 'start c', 'start d']);
    expect(outputs.at(-1)).toBe('d(abc)@d');
    expect(progress.filter((p) => p.status === 'done').map((p) => [p.step, p.done, p.total])).toEqual([
      ['a', 1, 4],
      ['b', 2, 4],
      ['c', 3, 4],
      ['d', 4, 4],
    ]);
  });

  it('retries a failing step, then fails the run naming it once its attempts are spent, starting nothing new', async () => {
    const { log, rows } = memoryRows();
    const steps = diamond({ b: () => Promise.reject(new Error('no ink')) });
    const outcome = await runDag({ steps, finished: {}, rows, maxAttempts: 2, signal: never });
    expect(outcome).toEqual({ ok: false, step: 'b', reason: 'no ink' });
    // c ran beside b and was let finish; d never started.
    expect(log).toEqual(['start a', 'start b', 'start c', 'fail b: no ink', 'start b', 'fail b: no ink']);
  });

  it('resumes from the steps an earlier go finished, never running them again', async () => {
    const { log, rows } = memoryRows();
    const outcome = await runDag({
      steps: diamond(),
      finished: { a: 'a()@a', b: 'b(a)@b' },
      rows,
      maxAttempts: 1,
      signal: never,
    });
    expect(outcome).toEqual({ ok: true });
    expect(log).toEqual(['start c', 'start d']);
  });

  it('throws a row it could not write only after the steps still running have finished', async () => {
    let cFinished = false;
    const steps = diamond({
      c: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        cFinished = true;
        return '';
      },
    });
    const rows = {
      start: (id: Id) => ({ id }),
      fail: () => {
        throw new Error('the save is closed');
      },
    };
    const broken = steps.map((step) =>
      step.id === 'b' ? { ...step, run: () => Promise.reject(new Error('no ink')) } : step,
    );
    await expect(runDag({ steps: broken, finished: {}, rows, maxAttempts: 3, signal: never })).rejects.toThrow(
      'the save is closed',
    );
    expect(cFinished).toBe(true);
  });
});
