import type { StageKind } from '../../../api/index.ts';
import type { LocalProvider } from '../local-provider.ts';
import type { GenerationRunner } from './measure.ts';

/** Stage kinds own sequences in the provider, so concurrent calls of different kinds run side by side. */
const SLOT_STAGES: readonly StageKind[] = ['narrator', 'character_dialog', 'npc_intent', 'character_extractor'];

/** The app's own path: the local provider exactly as a turn calls it. */
export function appRunner(provider: LocalProvider): GenerationRunner {
  return {
    threads: provider.threads,
    async generate(slot, messages, maxTokens) {
      const stage = SLOT_STAGES[slot % SLOT_STAGES.length] ?? 'narrator';
      const { usage } = await provider.generateText({ stage, messages, maxTokens, temperature: 0.8, seed: slot + 1 });
      return {
        promptTokens: usage.promptTokens,
        evaluatedTokens: usage.promptTokens - usage.cachedPromptTokens,
        generatedTokens: usage.generatedTokens,
        timeToFirstTokenMs: usage.timeToFirstTokenMs ?? usage.totalMs,
        totalMs: usage.totalMs,
      };
    },
  };
}
