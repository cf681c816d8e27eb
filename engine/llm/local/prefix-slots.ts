import { sharedPrefixLength } from '../shared-prefix.ts';

/** What one KV sequence holds: the prompt last routed to it, and how recently and busily it is used. */
interface HeldPrefix {
  tokens: readonly number[];
  /** Whose call it was (a character, the Narrator, the world …); undefined when the caller did not say. */
  principal: string | undefined;
  /** Which stage made it. */
  stage: string | undefined;
  lastUsed: number;
  /** Calls queued or running on it; 0 means idle. */
  pending: number;
}

/** Who makes a call: its principal and its stage, as the stage log names them. */
export interface CallOwner {
  readonly principal?: string | undefined;
  readonly stage?: string | undefined;
}

export interface PrefixSlotsOptions {
  /**
   * Whether a call may queue behind a busy sequence of its own stage to reuse the prefix they share (the instructions
   * of parallel reflections, say), rather than take a sequence of its own. Right on a CPU, where calls side by side
   * share the cores and finish no sooner than one after another; wrong on a GPU, where they decode in one batch.
   */
  readonly queueSameStage?: boolean;
}

/** The least a shared prefix must hold for a call to wait for a busy sequence (see queueSameStage). */
const QUEUE_FOR_SHARED_TOKENS = 128;

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
  private readonly queueSameStage: boolean;
  private clock = 0;
  /** When the last call (not a warm-up) was admitted: what warm-ups filled since is the next turn's, and kept. */
  private lastCall = 0;

  constructor(count: number, options: PrefixSlotsOptions = {}) {
    if (count < 1) throw new Error('a context needs at least one sequence');
    this.queueSameStage = options.queueSameStage ?? false;
    this.held = Array.from({ length: count }, () => ({
      tokens: [],
      principal: undefined,
      stage: undefined,
      lastUsed: 0,
      pending: 0,
    }));
  }

  /** Routes a prompt to a sequence and marks it busy until `release(index)`. `warm`: a warm-up's, not a call's. */
  admit(prompt: readonly number[], owner: CallOwner = {}, warm = false): Admission {
    const admission = this.hold(this.route(prompt, owner.principal, owner.stage), prompt, owner);
    if (!warm) this.lastCall = this.clock;
    return admission;
  }

  /**
   * For a prompt whose call may never come: the sequence that holds its own earlier prompt (as `admit` finds it, or
   * the idle one its stage and principal held last, however little of it the new one keeps), else an empty one; null
   * when taking one would evict another's prompt. `likely`: a call the next turn will probably make may also take the
   * least recently used idle sequence that no warm-up has filled since the last call (after a scene's change, one the
   * last scene left); what this round of warm-ups filled for the next turn stays.
   */
  admitSpare(prompt: readonly number[], owner: CallOwner = {}, likely = false): Admission | null {
    const own = this.extending(prompt, owner.principal);
    const stale = likely ? this.staleIdle() : -1;
    const index =
      [own, this.family(owner), this.held.findIndex(isEmpty), stale].find((candidate) => candidate >= 0) ?? -1;
    return index < 0 ? null : this.hold(index, prompt, owner);
  }

  /** The least recently used idle sequence last used by the last call or before it, or -1. */
  private staleIdle(): number {
    let oldest = -1;
    this.held.forEach((slot, index) => {
      if (slot.pending > 0 || slot.lastUsed > this.lastCall) return;
      if (oldest < 0 || slot.lastUsed < (this.held[oldest]?.lastUsed ?? 0)) oldest = index;
    });
    return oldest;
  }

  /**
   * The idle sequence whose last prompt had this stage and principal: an earlier version of the same prompt. A
   * reflection's, say, whose scene grew while what follows the scene (its memories, who it is) is most of what the
   * sequence held, so `extending` alone would not take it back.
   */
  private family({ principal, stage }: CallOwner): number {
    if (stage === undefined) return -1;
    return this.held.findIndex((slot) => slot.pending === 0 && slot.stage === stage && slot.principal === principal);
  }

  private hold(index: number, prompt: readonly number[], { principal, stage }: CallOwner): Admission {
    const slot = this.held[index];
    if (slot === undefined) throw new Error(`no sequence ${index}`);
    const reused = Math.max(0, Math.min(sharedPrefixLength(slot.tokens, prompt), prompt.length - 1));
    slot.tokens = prompt;
    slot.principal = principal;
    slot.stage = stage;
    slot.lastUsed = ++this.clock;
    slot.pending++;
    return { index, reused };
  }

  release(index: number): void {
    const slot = this.held[index];
    if (slot !== undefined && slot.pending > 0) slot.pending--;
  }

  /**
   * The sequence whose cached prompt this one extends: for the same principal, when it keeps at least half of what
   * the sequence holds (its sheet and history, say, with a new tail); for another principal only when it keeps
   * nearly all of it, so two characters whose prompts open with the same instructions each keep their own sequence.
   * Otherwise an idle sequence the same stage used last that shares the most with it (the next character's reflection
   * keeps the instructions the last one left) — or, with `queueSameStage`, a busy one sharing at least
   * QUEUE_FOR_SHARED_TOKENS with it, to follow on — then an empty one, then the least recently used idle one, then the
   * least recently used of all.
   */
  private route(prompt: readonly number[], principal: string | undefined, stage: string | undefined): number {
    const best = this.extending(prompt, principal);
    if (best >= 0) return best;
    let sameStage = -1;
    let sameStageShared = 0;
    this.held.forEach((slot, index) => {
      if (stage === undefined || slot.stage !== stage) return;
      const shared = sharedPrefixLength(slot.tokens, prompt);
      if (slot.pending > 0 && !(this.queueSameStage && shared >= QUEUE_FOR_SHARED_TOKENS)) return;
      if (shared > sameStageShared) {
        sameStage = index;
        sameStageShared = shared;
      }
    });
    if (sameStage >= 0) return sameStage;
    let evict = 0;
    this.held.forEach((slot, index) => {
      const current = this.held[evict];
      if (current !== undefined && evictionRank(slot) < evictionRank(current)) evict = index;
    });
    return evict;
  }

  /** The sequence whose cached prompt this one extends (see route), or -1. */
  private extending(prompt: readonly number[], principal: string | undefined): number {
    let best = -1;
    let bestShared = 0;
    this.held.forEach((slot, index) => {
      const shared = sharedPrefixLength(slot.tokens, prompt);
      if (shared > 0 && keeps(slot, shared, principal) && shared > bestShared) {
        best = index;
        bestShared = shared;
      }
    });
    return best;
  }
}

/** Whether a call that shares `shared` tokens with what the sequence holds should take that sequence. */
function keeps(slot: HeldPrefix, shared: number, principal: string | undefined): boolean {
  const held = slot.tokens.length;
  return slot.principal === principal ? shared * 2 >= held : shared * 10 >= held * 9;
}

function isEmpty(slot: HeldPrefix): boolean {
  return slot.tokens.length === 0 && slot.pending === 0;
}

/** Lower is a better sequence to overwrite: empty first, then idle, each least recently used first. */
function evictionRank(slot: HeldPrefix): number {
  if (isEmpty(slot)) return -1;
  return (slot.pending > 0 ? Number.MAX_SAFE_INTEGER / 2 : 0) + slot.lastUsed;
}
