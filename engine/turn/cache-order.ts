import { sharedPrefixLength, type LlmMessage } from '../llm/index.ts';

/** A call as the order sees it: its stage, and its prompt. */
export interface OrderedCall {
  readonly stage: string;
  readonly prompt: readonly LlmMessage[];
}

/** Which stage starts first when prompts share nothing better: the story's readers, then the Lore Extractors. */
const STAGE_RANK = new Map<string, number>(
  ['persona_extractor', 'deep_interpretation', 'character_extractor', 'lore_extractor', 'creation'].map(
    (stage, rank) => [stage, rank],
  ),
);

/**
 * The order a turn's after-turn calls start in, so that each finds as much of its prompt as it can in the local
 * model's KV cache: the call that opens the turn's story first (the persona's extractor), then each time the waiting
 * call whose prompt shares the longest beginning with the one before it (two characters' extractors share their
 * instructions and most of the story; a whisper reaches only its party's prompts, and each character's extractor reads
 * up to its own round, so who follows whom depends on the turn). Ties keep the stage rank, then the given order.
 */
export function inCacheOrder<T>(items: readonly T[], call: (item: T) => OrderedCall): T[] {
  const waiting = items
    .map((item, index) => {
      const { stage, prompt } = call(item);
      return { item, index, text: promptText(prompt), rank: rankOf(stage) };
    })
    .sort((a, b) => a.rank - b.rank || a.index - b.index);
  const ordered: T[] = [];
  let last = '';
  while (waiting.length > 0) {
    let best = 0;
    let bestShared = -1;
    waiting.forEach((candidate, at) => {
      const shared = ordered.length === 0 ? 0 : sharedPrefixLength(last, candidate.text);
      if (shared > bestShared) {
        best = at;
        bestShared = shared;
      }
    });
    const [next] = waiting.splice(best, 1);
    if (next === undefined) break;
    ordered.push(next.item);
    last = next.text;
  }
  return ordered;
}

function rankOf(stage: string): number {
  return STAGE_RANK.get(stage) ?? STAGE_RANK.size;
}

/** The prompt as the chat template lays it out, near enough: roles and contents in order. */
function promptText(prompt: readonly LlmMessage[]): string {
  return prompt.map((message) => `${message.role}\n${message.content}\n`).join('');
}
