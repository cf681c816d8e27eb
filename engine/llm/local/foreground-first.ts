import type {
  BatchItem,
  CustomBatchingPrioritizationStrategy,
  EvaluationPriority,
  PrioritizedBatchItem,
} from 'node-llama-cpp';
import type { StageKind } from '../../api/index.ts';

/** What the player is watching being written: its tokens go first in every batch. */
const FOREGROUND: EvaluationPriority = 5;
/** The turn's own path to that prose (intents, the structural parse): ahead of background work, behind prose. */
const ON_PATH: EvaluationPriority = 4;
/** Extractors, deep interpretation and the scene boundary: they run while the player reads. */
const BACKGROUND: EvaluationPriority = 2;

const PRIORITIES: Readonly<Record<StageKind, EvaluationPriority>> = {
  narrator: FOREGROUND,
  character_dialog: FOREGROUND,
  npc_intent: ON_PATH,
  persona_intent: ON_PATH,
  structural_parse: ON_PATH,
  persona_extractor: BACKGROUND,
  character_extractor: BACKGROUND,
  lore_extractor: BACKGROUND,
  deep_interpretation: BACKGROUND,
  character_reflection: BACKGROUND,
  chronicler: BACKGROUND,
  lore_crafter: BACKGROUND,
  intent_check: BACKGROUND,
  standalone_simulation: BACKGROUND,
  cohort_moderator: BACKGROUND,
  cohort_member: BACKGROUND,
  offscreen_inference: BACKGROUND,
  partial_profile: BACKGROUND,
  creation: BACKGROUND,
};

/** A warm-up of a prompt ahead of its call: idle-time work, behind everything else. */
export const WARM_UP: EvaluationPriority = 1;

export function evaluationPriorityOf(stage: StageKind): EvaluationPriority {
  return PRIORITIES[stage];
}

/** The prose and its path: what the player waits for, so background work steps aside for it (ForegroundGate). */
export function isForeground(stage: StageKind): boolean {
  return PRIORITIES[stage] >= ON_PATH;
}

/**
 * node-llama-cpp's batch prioritization for one context shared by every stage, on a CPU: the highest priority waiting
 * takes the whole batch, lower ones wait. A CPU decodes a batch in time proportional to its tokens (two generations in
 * one batch measured 0.99× the speed of the same in series here), so any background token beside the narration delays
 * it and gains nothing overall. This alone did not keep the prose ahead (measured 0.095× the narration's speed alone
 * beside a 2,000-token background prompt, against 0.100× for the even split): between two narration tokens only the
 * background is queued, and it takes a whole batch. ForegroundGate closes that gap.
 */
export const foregroundFirst: CustomBatchingPrioritizationStrategy = ({ items, size }) => {
  const top = Math.max(...items.map((item) => item.evaluationPriority));
  return shareFairly(
    items.filter((item) => item.evaluationPriority === top),
    size,
  );
};

/** Splits `size` tokens among the items as evenly as their lengths allow, in the order given. */
function shareFairly(items: readonly BatchItem[], size: number): PrioritizedBatchItem[] {
  const shares = items.map((item) => ({ item, processAmount: 0 }));
  let left = size;
  let open = shares.filter((share) => share.item.tokens.length > 0);
  while (left > 0 && open.length > 0) {
    const each = Math.max(1, Math.floor(left / open.length));
    for (const share of open) {
      const take = Math.min(each, share.item.tokens.length - share.processAmount, left);
      share.processAmount += take;
      left -= take;
      if (left === 0) break;
    }
    open = open.filter((share) => share.processAmount < share.item.tokens.length);
  }
  return shares.filter((share) => share.processAmount > 0);
}
