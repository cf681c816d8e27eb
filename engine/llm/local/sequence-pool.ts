import type { LlamaContext, LlamaContextSequence, Token } from 'node-llama-cpp';
import { PrefixSlots, type CallOwner } from './prefix-slots.ts';

/**
 * The context's sequences, kept across calls so that cached prompt prefixes stay in the KV cache. A call runs on the
 * sequence whose cached prompt it extends (see PrefixSlots), after the calls already queued there; prompts that share
 * nothing run in parallel on different sequences.
 */
export class SequencePool {
  private readonly sequences: LlamaContextSequence[] = [];
  private readonly tails: Promise<void>[] = [];
  private readonly slots: PrefixSlots;

  /** `cpu`: calls of one stage that share a prefix follow one another on one sequence (see PrefixSlots). */
  constructor(context: LlamaContext, cpu: boolean) {
    while (context.sequencesLeft > 0) {
      this.sequences.push(context.getSequence());
      this.tails.push(Promise.resolve());
    }
    this.slots = new PrefixSlots(this.sequences.length, { queueSameStage: cpu });
  }

  /**
   * Runs `work` on the sequence chosen for the `owner`'s `prompt`, once earlier calls on that sequence have finished.
   * `warm`: the work is a warm-up, not a call (see PrefixSlots.admit).
   */
  run<T>(
    prompt: readonly Token[],
    owner: CallOwner,
    work: (sequence: LlamaContextSequence) => Promise<T>,
    warm = false,
  ): Promise<T> {
    return this.runOn(this.slots.admit(prompt, owner, warm).index, work);
  }

  /**
   * As `run`, on a sequence no other prompt holds (see PrefixSlots.admitSpare, and `likely` there); null, running
   * nothing, when none is.
   */
  async runSpare<T>(
    prompt: readonly Token[],
    owner: CallOwner,
    work: (sequence: LlamaContextSequence) => Promise<T>,
    likely = false,
  ): Promise<T | null> {
    const admitted = this.slots.admitSpare(prompt, owner, likely);
    return admitted === null ? null : this.runOn(admitted.index, work);
  }

  private async runOn<T>(index: number, work: (sequence: LlamaContextSequence) => Promise<T>): Promise<T> {
    const sequence = this.sequences[index];
    if (sequence === undefined) throw new Error('the context has no sequences');
    const previous = this.tails[index] ?? Promise.resolve();
    let done = (): void => {};
    this.tails[index] = new Promise<void>((resolve) => {
      done = resolve;
    });
    try {
      await previous;
      return await work(sequence);
    } finally {
      this.slots.release(index);
      done();
    }
  }
}
