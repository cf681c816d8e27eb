import type { LlmUsage, SlowGeneration } from '../types.ts';

/** Calls shorter than this say little about decoding speed (the first tokens carry sampler warm-up). */
const MIN_TOKENS = 16;
/** Judged over the last few solo calls, so one hiccup (a page fault, a GC) never raises the alarm. */
const WINDOW = 3;
/** Far below: under half of what `models bench` measured on this machine with the same threads. */
const SLOW_FRACTION = 0.5;

export interface ExpectedSpeed {
  readonly tokensPerSecond: number;
  readonly threads: number;
  readonly model: string;
}

interface Running {
  overlapped: boolean;
}

/**
 * Notices when generation runs far below what this machine measured (another program holding the cores, or a thread
 * count that oversubscribes them). Only calls that ran alone are judged: concurrent calls share the cores by design.
 * It speaks once when generation turns slow, and again only after it has recovered.
 */
export class GenerationSpeedWatch {
  private readonly running = new Set<Running>();
  private readonly recent: number[] = [];
  private warned = false;
  private readonly expected: ExpectedSpeed;
  private readonly onSlow: (notice: SlowGeneration) => void;

  constructor(expected: ExpectedSpeed, onSlow: (notice: SlowGeneration) => void) {
    this.expected = expected;
    this.onSlow = onSlow;
  }

  begin(): Running {
    for (const other of this.running) other.overlapped = true;
    const call = { overlapped: this.running.size > 0 };
    this.running.add(call);
    return call;
  }

  end(call: Running, usage: LlmUsage | null): void {
    this.running.delete(call);
    if (call.overlapped || usage === null || usage.generatedTokens < MIN_TOKENS) return;
    const decodeMs = usage.totalMs - (usage.timeToFirstTokenMs ?? 0);
    if (decodeMs <= 0) return;
    this.recent.push(((usage.generatedTokens - 1) * 1000) / decodeMs);
    if (this.recent.length > WINDOW) this.recent.shift();
    if (this.recent.length < WINDOW) return;
    const typical = [...this.recent].sort((a, b) => a - b)[Math.floor(WINDOW / 2)] ?? 0;
    const slow = typical < this.expected.tokensPerSecond * SLOW_FRACTION;
    if (slow && !this.warned) {
      this.onSlow({
        model: this.expected.model,
        tokensPerSecond: typical,
        expectedTokensPerSecond: this.expected.tokensPerSecond,
        threads: this.expected.threads,
      });
    }
    this.warned = slow;
  }
}
