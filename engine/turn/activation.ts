import type { Rng } from '../platform/index.ts';

export interface ActivationCandidate {
  readonly id: string;
  /** 0–100: the chance, in percent, that the character acts in a turn. */
  readonly chattiness: number;
  readonly baked: boolean;
}

export interface Activation {
  /** Who acts this turn, in order. */
  readonly active: readonly string[];
  /** True when every non-baked character stayed silent (the Narrator is nudged to let the quiet register). */
  readonly silence: boolean;
}

/**
 * NPC activation order (pipeline-rules.md, Turn Structure step 4): baked NPCs always act, first; the rest in
 * descending chattiness, each rolling 1–100 against it with the save's seeded RNG (ties keep the pack's order).
 */
export function activateNpcs(candidates: readonly ActivationCandidate[], rng: Rng): Activation {
  const baked = candidates.filter((candidate) => candidate.baked).map((candidate) => candidate.id);
  const others = candidates
    .filter((candidate) => !candidate.baked)
    .map((candidate, index) => ({ candidate, index }))
    .sort((a, b) => b.candidate.chattiness - a.candidate.chattiness || a.index - b.index)
    .map(({ candidate }) => candidate);
  const rolled = others.filter((candidate) => rng.int(1, 100) <= candidate.chattiness).map((candidate) => candidate.id);
  return { active: [...baked, ...rolled], silence: others.length > 0 && rolled.length === 0 };
}
