import type { LlmMessage } from '../../engine/llm/index.ts';

/** Waits until `check` holds: warm-ups and background runs go on after the call that started them returns. */
export async function until(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > 10_000) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A prompt as one text, each message behind its role: what two prompts share is where their texts part. */
export const promptAsText = (messages: readonly LlmMessage[]): string =>
  messages.map((message) => `${message.role}: ${message.content}`).join('\n');
