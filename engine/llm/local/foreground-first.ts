import type {
  BatchItem,
  CustomBatchingPrioritizationStrategy,
  EvaluationPriority,
  PrioritizedBatchItem,
} from 'node-llama-cpp';
import type { StageKind } from '../../api/stages.ts';

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
  simulation: BACKGROUND,
  offscreen_inference: BACKGROUND,
  partial_profile: BACKGROUND,
};

export function evaluationPriorityOf(stage: StageKind): EvaluationPriority {
  return PRIORITIES[stage];
}

/**
 * Background prompt tokens allowed into a batch while a foreground sequence is generating. A CPU decodes a batch in
 * time proportional to its tokens: one narration token beside 500 prompt tokens of an extractor would wait as long
 * as those 500. A few dozen keep the stream at nearly its own speed and the background still moving.
 */
export const BACKGROUND_TOKENS_WHILE_STREAMING = 32;

/**
 * node-llama-cpp's batch prioritization for one context shared by every stage: higher-priority sequences take their
 * tokens first; while a foreground sequence generates (a few tokens per step), background sequences share only a
 * small slice of the batch, so the prose the player is waiting for streams at the model's own speed.
 */
export const foregroundFirst: CustomBatchingPrioritizationStrategy = ({ items, size }) => {
  const ranked = [...items].sort((a, b) => b.evaluationPriority - a.evaluationPriority);
  const top = ranked[0]?.evaluationPriority ?? BACKGROUND;
  const ahead = ranked.filter((item) => item.evaluationPriority > BACKGROUND);
  const behind = ranked.filter((item) => item.evaluationPriority <= BACKGROUND);
  if (top <= BACKGROUND || behind.length === 0) return shareFairly(ranked, size);
  const first = shareFairly(ahead, size);
  const left = size - first.reduce((sum, entry) => sum + entry.processAmount, 0);
  const streaming = ahead.some((item) => item.tokens.length <= 2);
  return [...first, ...shareFairly(behind, streaming ? Math.min(left, BACKGROUND_TOKENS_WHILE_STREAMING) : left)];
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
