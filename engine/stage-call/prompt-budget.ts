import { estimateTokens, type LlmMessage, type LlmProvider } from '../llm/index.ts';

/** The context a provider that does not say otherwise is taken to have (remote servers and scripted replies). */
export const DEFAULT_CONTEXT_TOKENS = 8192;
/** Tokens kept free for the answer when a call sets no maxTokens. */
export const DEFAULT_RESERVED_OUTPUT = 512;
/** What a chat template adds around each message (role markers, separators), counted generously. */
const MESSAGE_OVERHEAD = 8;

/** How many prompt tokens a call may use: the model's context less the answer's room. */
export interface PromptBudget {
  readonly context: number;
  readonly reserved: number;
  readonly limit: number;
  /** Tokens of a prompt as this provider's model counts them (its tokenizer when it has one, else the estimate). */
  count(messages: readonly LlmMessage[]): Promise<number>;
}

export function promptBudget(provider: LlmProvider, maxTokens: number | undefined): PromptBudget {
  const context = provider.contextTokens ?? DEFAULT_CONTEXT_TOKENS;
  const reserved = Math.min(maxTokens ?? DEFAULT_RESERVED_OUTPUT, Math.floor(context / 2));
  // A small margin for the chat template's own tokens beyond the per-message overhead.
  const limit = Math.max(1, context - reserved - Math.ceil(context * 0.02));
  const countText = async (text: string) =>
    provider.countTokens === undefined ? estimateTokens(text) : await provider.countTokens(text);
  return {
    context,
    reserved,
    limit,
    async count(messages) {
      let total = 0;
      for (const message of messages) total += (await countText(message.content)) + MESSAGE_OVERHEAD;
      return total;
    },
  };
}

/** A prompt made to fit, and what was taken out of it (empty when it fitted as it was). */
export interface FittedPrompt {
  readonly messages: readonly LlmMessage[];
  readonly trimmed: readonly string[];
  /** Its tokens as the budget counts them, when already counted (so they are not counted twice). */
  readonly tokens?: number;
}

/**
 * The last resort, for any stage: while the prompt is over its budget, the longest message loses the middle of its
 * text (its start holds instructions, its end the turn's input). A stage never fails for length; the turn's stages
 * first drop their lowest-value parts whole (engine/turn/fit-prompt.ts), so this rarely has anything to do.
 */
export async function truncateToFit(
  messages: readonly LlmMessage[],
  budget: PromptBudget,
  counted?: number,
): Promise<FittedPrompt> {
  let current = [...messages];
  let tokens = counted ?? (await budget.count(current));
  const trimmed: string[] = [];
  for (let attempt = 0; tokens > budget.limit && attempt < 8; attempt++) {
    const longest = current.reduce(
      (best, message, index) => (message.content.length > (current[best]?.content.length ?? 0) ? index : best),
      0,
    );
    const message = current[longest];
    if (message === undefined || message.content.length < 64) break;
    // Characters per token, measured on this prompt, with a margin so one pass usually suffices.
    const perToken = current.reduce((sum, m) => sum + m.content.length, 0) / Math.max(1, tokens);
    const cut = Math.min(message.content.length - 32, Math.ceil((tokens - budget.limit) * perToken * 1.15) + 16);
    const keep = message.content.length - cut;
    const head = message.content.slice(0, Math.ceil(keep * 0.6));
    const tail = message.content.slice(message.content.length - Math.floor(keep * 0.4));
    current = current.map((m, index) => (index === longest ? { ...m, content: `${head}\n[…]\n${tail}` } : m));
    trimmed.push(`cut ${cut} characters from the middle of the ${message.role} message`);
    tokens = await budget.count(current);
  }
  return { messages: current, trimmed, tokens };
}
