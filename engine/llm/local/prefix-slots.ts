/** What one KV sequence holds: the prompt last routed to it, and how recently and busily it is used. */
interface HeldPrefix {
  tokens: readonly number[];
  lastUsed: number;
  /** Calls queued or running on it; 0 means idle. */
  pending: number;
}

export interface Admission {
  /** The sequence the call runs on. */
  readonly index: number;
  /** Prompt tokens the sequence already holds (at most all but the last, whose logits sampling needs). */
  readonly reused: number;
}

/**
 * Which KV sequence a prompt runs on, chosen by what the sequences hold rather than by stage kind: a character's
 * intent, dialog line and extractor follow one another on the sequence that holds that character's sheet and history,
 * and the Narrator keeps its own. Shared by the local provider (real sequences) and the turn-cost estimate
 * (simulated ones), so the estimate prices what the provider does.
 */
export class PrefixSlots {
  private readonly held: HeldPrefix[];
  private clock = 0;

  constructor(count: number) {
    if (count < 1) throw new Error('a context needs at least one sequence');
    this.held = Array.from({ length: count }, () => ({ tokens: [], lastUsed: 0, pending: 0 }));
  }

  /** Routes a prompt to a sequence and marks it busy until `release(index)`. */
  admit(prompt: readonly number[]): Admission {
    const index = this.route(prompt);
    const slot = this.held[index];
    if (slot === undefined) throw new Error(`no sequence ${index}`);
    const reused = Math.max(0, Math.min(sharedPrefixLength(slot.tokens, prompt), prompt.length - 1));
    slot.tokens = prompt;
    slot.lastUsed = ++this.clock;
    slot.pending++;
    return { index, reused };
  }

  release(index: number): void {
    const slot = this.held[index];
    if (slot !== undefined && slot.pending > 0) slot.pending--;
  }

  /**
   * The sequence whose cached prompt this one extends, when it keeps at least half of what that sequence holds
   * (taking a sequence for a few shared system-prompt tokens would throw away someone's whole history). Otherwise an
   * empty sequence, then the least recently used idle one, then the least recently used of all.
   */
  private route(prompt: readonly number[]): number {
    let best = -1;
    let bestShared = 0;
    this.held.forEach((slot, index) => {
      const shared = sharedPrefixLength(slot.tokens, prompt);
      if (shared > bestShared) {
        best = index;
        bestShared = shared;
      }
    });
    const extended = this.held[best];
    if (extended !== undefined && bestShared * 2 >= extended.tokens.length) return best;
    let evict = 0;
    this.held.forEach((slot, index) => {
      const current = this.held[evict];
      if (current !== undefined && evictionRank(slot) < evictionRank(current)) evict = index;
    });
    return evict;
  }
}

/** Lower is a better sequence to overwrite: empty first, then idle, each least recently used first. */
function evictionRank(slot: HeldPrefix): number {
  if (slot.tokens.length === 0 && slot.pending === 0) return -1;
  return (slot.pending > 0 ? Number.MAX_SAFE_INTEGER / 2 : 0) + slot.lastUsed;
}

export function sharedPrefixLength(a: readonly number[], b: readonly number[]): number {
  const limit = Math.min(a.length, b.length);
  let index = 0;
  while (index < limit && a[index] === b[index]) index++;
  return index;
}
