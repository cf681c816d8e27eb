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

/** Character rounds per turn when the pack's tuning does not say (issue 14: each round is several calls in a row). */
export const DEFAULT_CHARACTER_ROUNDS = 2;

/**
 * NPC activation order (pipeline-rules.md, Turn Structure step 4): baked NPCs always act, first; the rest in
 * descending chattiness, each rolling 1–100 against it with the save's seeded RNG (ties keep the pack's order). At most
 * `cap` characters act: the first in that order. Baked characters are story-critical and act even past the cap. Every
 * character still rolls, so the seeded RNG moves on exactly as it would without a cap.
 *
 * Only a character who perceives the persona's doing reacts to it (issue 23: the world's lighting, sight lines and
 * hearing decide, not "the same place"): one who cannot see or hear it neither acts nor takes a place under the cap,
 * though it still rolls, so the RNG moves on as it would have.
 */
export function activateNpcs(
  candidates: readonly ActivationCandidate[],
  rng: Rng,
  cap = DEFAULT_CHARACTER_ROUNDS,
  perceives: (id: string) => boolean = () => true,
): Activation {
  const baked = candidates
    .filter((candidate) => candidate.baked && perceives(candidate.id))
    .map((candidate) => candidate.id);
  const others = candidates
    .filter((candidate) => !candidate.baked)
    .map((candidate, index) => ({ candidate, index }))
    .sort((a, b) => b.candidate.chattiness - a.candidate.chattiness || a.index - b.index)
    .map(({ candidate }) => candidate);
  const rolled = others
    .filter((candidate) => rng.int(1, 100) <= candidate.chattiness)
    .map((candidate) => candidate.id)
    .filter(perceives);
  const room = Math.max(0, cap - baked.length);
  return { active: [...baked, ...rolled.slice(0, room)], silence: others.length > 0 && rolled.length === 0 };
}
