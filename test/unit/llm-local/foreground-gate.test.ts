import { describe, expect, it } from 'vitest';
import { ForegroundGate } from '../../../engine/llm/local/foreground-gate.ts';

describe('the foreground gate', () => {
  it('is clear while no foreground call runs, and opens for waiters when the last one ends', async () => {
    const gate = new ForegroundGate();
    expect(gate.clear()).toBeNull();
    const steps: string[] = [];
    let finishFirst = (): void => {};
    let finishSecond = (): void => {};
    const first = gate.hold(() => new Promise<void>((resolve) => (finishFirst = resolve)));
    const second = gate.hold(() => new Promise<void>((resolve) => (finishSecond = resolve)));
    const waiting = gate.clear();
    expect(waiting).not.toBeNull();
    void waiting?.then(() => steps.push('background resumes'));
    finishFirst();
    await first;
    await Promise.resolve();
    expect(steps).toEqual([]); // one foreground call still runs
    finishSecond();
    await second;
    await waiting;
    expect(steps).toEqual(['background resumes']);
    expect(gate.clear()).toBeNull();
  });

  it('opens even when the foreground call fails', async () => {
    const gate = new ForegroundGate();
    const failing = gate.hold(() => Promise.reject(new Error('stage failed')));
    const waiting = gate.clear();
    await expect(failing).rejects.toThrow('stage failed');
    await expect(waiting).resolves.toBeUndefined();
  });
});
