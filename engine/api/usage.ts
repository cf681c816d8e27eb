/** What one LLM call cost: the figures every provider reports, logged per stage call and sent in stage events. */
export interface LlmUsage {
  readonly promptTokens: number;
  /** Prompt tokens served from the KV cache (local) or reported as cached by the server (remote). */
  readonly cachedPromptTokens: number;
  readonly generatedTokens: number;
  /** Null when nothing was generated. */
  readonly timeToFirstTokenMs: number | null;
  readonly totalMs: number;
}
