import { estimateTokens, type LlmMessage } from '../llm/index.ts';
import type { PromptContext, PromptMessage } from '../prompts/index.ts';
import type { FittedPrompt, PromptBudget } from '../stage-call/index.ts';
import type { ViewStage } from '../stream/index.ts';

/** History a prompt keeps whatever its length: the latest exchange, without which no stage can act. */
export const MIN_HISTORY_MESSAGES = 6;

type Render = (context: PromptContext) => LlmMessage[];

/**
 * One way to make a prompt smaller, lowest value first: it takes out about `tokens` (estimated) and says what it took,
 * or returns null when it has nothing left to take.
 */
type Cut = (context: PromptContext, tokens: number) => { context: PromptContext; took: string } | null;

const retrieved = lines(
  'retrieved context',
  (c) => c.guidance.retrieved,
  (c, v) => ({ ...c, guidance: { ...c.guidance, retrieved: v } }),
);
const learned = lines(
  'learned lore',
  (c) => c.lore.learned,
  (c, v) => ({ ...c, lore: { ...c.lore, learned: v } }),
);
const lore = (label: string) =>
  lines(
    label,
    (c) => c.lore.text,
    (c, v) => ({ ...c, lore: { ...c.lore, text: v } }),
  );
const memories = lines(
  'memories',
  (c) => c.knowledge.own,
  (c, v) => ({ ...c, knowledge: { ...c.knowledge, own: v } }),
);
const worldMemories = lines(
  'world memories',
  (c) => c.knowledge.world,
  (c, v) => ({ ...c, knowledge: { ...c.knowledge, world: v } }),
);
const journal = lines(
  'journal',
  (c) => c.journal.earlier,
  (c, v) => ({ ...c, journal: { earlier: v } }),
  'oldest',
);

/**
 * The order parts leave an over-long prompt (issue 13): retrieved context and lore first (the retrieved tier's
 * lowest-ranked lines, learned lore, activated lore, then what the turn's own lines activated), then recollections and
 * the compressed journal, then history older than the minimum window. The Narrator's lore text is its preamble's
 * constant lore: it goes only after history. Lines leave from the end of each list, which is ranked best first.
 */
function cutsFor(stage: ViewStage): readonly Cut[] {
  if (stage === 'narrator')
    return [retrieved, learned, memories, worldMemories, journal, olderHistory, lore('constant lore')];
  return [retrieved, learned, lore('lore'), turnRecalls, memories, worldMemories, journal, olderHistory];
}

/**
 * Re-renders a stage's prompt with parts taken out, lowest value first, until the model's tokenizer (or the estimate)
 * says it fits. What cannot be made to fit this way is left to the last resort (truncation) of the stage call.
 */
export async function shrinkPrompt(
  stage: ViewStage,
  context: PromptContext,
  render: Render,
  budget: PromptBudget,
): Promise<FittedPrompt> {
  const cuts = cutsFor(stage);
  let current = context;
  let messages = render(current);
  let tokens = await budget.count(messages);
  const trimmed: string[] = [];
  let step = 0;
  while (tokens > budget.limit && step < cuts.length) {
    // The estimate's tokens per counted token on this very prompt turn the overflow into estimate units.
    const estimated = messages.reduce((sum, m) => sum + estimateTokens(m.content), 0);
    const overflow = Math.ceil((tokens - budget.limit) * (estimated / Math.max(1, tokens))) + 1;
    const cut = cuts[step]?.(current, overflow) ?? null;
    if (cut === null) {
      step++;
      continue;
    }
    current = cut.context;
    trimmed.push(cut.took);
    messages = render(current);
    tokens = await budget.count(messages);
  }
  return { messages, trimmed, tokens };
}

/** A cut that drops lines of one text part from its end (or its start, for a list oldest first). */
function lines(
  label: string,
  read: (context: PromptContext) => string,
  write: (context: PromptContext, value: string) => PromptContext,
  from: 'end' | 'oldest' = 'end',
): Cut {
  return (context, tokens) => {
    const all = read(context)
      .split('\n')
      .filter((line) => line.trim() !== '');
    if (all.length === 0) return null;
    const kept = from === 'end' ? [...all] : [...all].reverse();
    let removed = 0;
    while (kept.length > 0 && removed < tokens) removed += estimateTokens(kept.pop() ?? '');
    const left = from === 'end' ? kept : kept.reverse();
    return {
      context: write(context, left.join('\n')),
      took: `${label}: ${all.length - left.length} of ${all.length} lines`,
    };
  };
}

/** History older than the minimum window, oldest first. */
function olderHistory(context: PromptContext, tokens: number): { context: PromptContext; took: string } | null {
  const shown = Math.min(context.history.length, context.limits.history);
  if (shown <= MIN_HISTORY_MESSAGES) return null;
  const visible = context.history.slice(-shown);
  let keep = shown;
  let removed = 0;
  while (keep > MIN_HISTORY_MESSAGES && removed < tokens) {
    removed += estimateTokens(visible[shown - keep]?.line ?? '');
    keep--;
  }
  return {
    context: { ...context, history: context.history.slice(-keep), limits: { history: keep } },
    took: `history: the last ${keep} of ${shown} messages`,
  };
}

/** The lore the turn's lines recalled (PromptMessage.recalls), the latest line's first, a line's whole at a time. */
function turnRecalls(context: PromptContext, tokens: number): { context: PromptContext; took: string } | null {
  const recalling = context.msgs.filter((message) => message.recalls !== undefined);
  if (recalling.length === 0) return null;
  const dropped = new Set<PromptMessage>();
  let removed = 0;
  for (const message of [...recalling].reverse()) {
    if (removed >= tokens) break;
    dropped.add(message);
    removed += estimateTokens(message.recalls ?? '');
  }
  const without = (messages: readonly PromptMessage[]) =>
    messages.map((message) => {
      if (!dropped.has(message)) return message;
      const { recalls: _dropped, ...rest } = message;
      return rest;
    });
  return {
    context: { ...context, msgs: without(context.msgs), history: without(context.history) },
    took: `lore the turn recalled: after ${dropped.size} of ${recalling.length} lines`,
  };
}
