import type { LlamaContext, LlamaContextSequence } from 'node-llama-cpp';

interface Slot {
  readonly sequence: LlamaContextSequence;
  /** The lane (a stage kind, or a stage and principal; see lanes.ts) whose calls use this sequence. */
  owner: string | null;
  lastUsed: number;
  /** Calls queued or running on this slot; 0 means idle. */
  pending: number;
  /** The last queued call's completion: the next call starts after it. */
  tail: Promise<void>;
}

/**
 * One context sequence per lane (a stage kind, or for some boundary stages a stage and character: see lanes.ts), kept
 * across calls so the lane's stable prompt prefix stays in the KV cache. Calls on the same sequence run one after
 * another; different lanes run in parallel on different sequences. With more active lanes than sequences, a new lane
 * takes over the least recently used sequence (idle ones first), and its first call re-evaluates whatever prefix it
 * does not share.
 */
export class SequencePool {
  private readonly slots: Slot[] = [];
  private clock = 0;

  constructor(context: LlamaContext) {
    while (context.sequencesLeft > 0) {
      this.slots.push({
        sequence: context.getSequence(),
        owner: null,
        lastUsed: 0,
        pending: 0,
        tail: Promise.resolve(),
      });
    }
  }

  /** Runs `work` with the lane's sequence once earlier calls on that sequence have finished. */
  async run<T>(lane: string, work: (sequence: LlamaContextSequence) => Promise<T>): Promise<T> {
    const slot = this.slotFor(lane);
    slot.owner = lane;
    slot.lastUsed = ++this.clock;
    slot.pending++;
    const previous = slot.tail;
    let done = (): void => {};
    slot.tail = new Promise<void>((resolve) => {
      done = resolve;
    });
    try {
      await previous;
      return await work(slot.sequence);
    } finally {
      slot.pending--;
      done();
    }
  }

  private slotFor(lane: string): Slot {
    const owned = this.slots.find((slot) => slot.owner === lane);
    if (owned !== undefined) return owned;
    let best: Slot | undefined;
    for (const slot of this.slots) {
      if (best === undefined || rank(slot) < rank(best)) best = slot;
    }
    if (best === undefined) throw new Error('the context has no sequences');
    return best;
  }
}

/** Lower is a better slot to take over: unowned first, then idle, then least recently used. */
function rank(slot: Slot): number {
  if (slot.owner === null) return -1;
  return (slot.pending > 0 ? Number.MAX_SAFE_INTEGER / 2 : 0) + slot.lastUsed;
}
