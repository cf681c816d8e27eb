/**
 * The token estimate used when no tokenizer is at hand (ARCHITECTURE §8.8): ceil(words × 4 / 3).
 * Scripted replies have no model, and some OpenAI-compatible servers omit usage, so both fall back to it.
 */
export function estimateTokens(text: string): number {
  const words = text.split(/\s+/u).filter((word) => word.length > 0).length;
  return Math.ceil((words * 4) / 3);
}
