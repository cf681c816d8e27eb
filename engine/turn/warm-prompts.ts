import type { WarmUpPrompt } from '../boundary/index.ts';
import type { LlmRouter } from '../llm/index.ts';

/** A prompt to put through its stage's model while the player reads, ahead of its call. */
export interface PromptToWarm extends WarmUpPrompt {
  /** Whether the call may never come: see LlmWarmRequest.speculative. */
  readonly speculative: boolean;
}

/**
 * Warms the prompts one after another, each on its own stage's provider (one without a cache of its own has nothing
 * to warm); the signal, which the next input aborts, stops the rest.
 */
export async function warmPrompts(
  router: LlmRouter,
  prompts: readonly PromptToWarm[],
  signal: AbortSignal,
): Promise<void> {
  for (const { stage, principal, messages, speculative } of prompts) {
    const provider = await router.forStage(stage);
    if (signal.aborted) return;
    if (provider.warm !== undefined) await provider.warm({ stage, principal, messages, signal, speculative });
  }
}
