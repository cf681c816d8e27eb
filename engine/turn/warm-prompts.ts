import type { WarmUpPrompt } from '../boundary/index.ts';
import type { LlmRouter } from '../llm/index.ts';

/** A prompt to put through its stage's model while the player reads, ahead of its call. */
export interface PromptToWarm extends WarmUpPrompt {
  /** Whether the call may never come: see LlmWarmRequest.speculative. */
  readonly speculative: boolean;
  /** A speculative prompt whose call will probably come: see LlmWarmRequest.likely. */
  readonly likely?: boolean;
}

/**
 * Warms the prompts one after another, each on its own stage's provider (one without a cache of its own has nothing
 * to warm); a prompt given with its call's settings is answered ahead where the provider can. The signal, which the
 * next input aborts, stops the rest.
 */
export async function warmPrompts(
  router: LlmRouter,
  prompts: readonly PromptToWarm[],
  signal: AbortSignal,
): Promise<void> {
  for (const { stage, principal, messages, speculative, likely = false, call } of prompts) {
    const provider = await router.forStage(stage);
    if (signal.aborted) return;
    const request = { stage, principal, messages, signal };
    if (call !== undefined && provider.answerAhead !== undefined)
      await provider.answerAhead({ ...request, ...call, likely });
    else if (provider.warm !== undefined) await provider.warm({ ...request, speculative, likely });
  }
}
