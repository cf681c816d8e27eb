import type { LlamaContext, LlamaContextSequence } from 'node-llama-cpp';
import type { StageKind } from '../../api/stages.ts';

interface Slot {
  readonly sequence: LlamaContextSequence;
  owner: StageKind | null;
  lastUsed: number;
  /** Calls queued or running on this slot; 0 means idle. */
  pending: number;
  /** The last queued call's completion: the next call starts after it. */
  tail: Promise<void>;
}

/**
 * One context sequence per stage kind, kept across calls so the stage's stable prompt prefix stays in the KV cache.
 * Calls on the same sequence run one after another; different stage kinds run in parallel on different sequences.
 * With more active stage kinds than sequences, a new stage takes over the least recently used sequence
 * (idle ones first), and its first call re-evaluates whatever prefix it does not share.
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

  /** Runs `work` with the stage's sequence once earlier calls on that sequence have finished. */
  async run<T>(stage: StageKind, work: (sequence: LlamaContextSequence) => Promise<T>): Promise<T> {
    const slot = this.slotFor(stage);
    slot.owner = stage;
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

  private slotFor(stage: StageKind): Slot {
    const owned = this.slots.find((slot) => slot.owner === stage);
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
