import type { LlmProvider } from '../../engine/llm/index.ts';
import type { LocalProvider } from '../../engine/llm/local/index.ts';
import { startPlay, type PlaySetup } from './playthrough.ts';
import { createTinyProvider, makeTinyModel, type TinyModel } from './tiny-model.ts';

/**
 * Pins the sampling seed of every call, so the random-weight model's output is the same on every run; keeps the
 * provider's context size and tokenizer, which prompt budgets read.
 */
export function withSeed(inner: LlmProvider, seed: number): LlmProvider {
  return {
    kind: inner.kind,
    model: inner.model,
    ...(inner.contextTokens === undefined ? {} : { contextTokens: inner.contextTokens }),
    ...(inner.countTokens === undefined ? {} : { countTokens: inner.countTokens.bind(inner) }),
    generateText: (request) => inner.generateText({ ...request, seed }),
    generateObject: (request) => inner.generateObject({ ...request, seed }),
    dispose: () => inner.dispose(),
  };
}

export interface TinyPlay {
  readonly tiny: TinyModel;
  readonly provider: LocalProvider;
  readonly setup: PlaySetup;
  cleanup(): Promise<void>;
}

/** A real engine whose every stage runs on the tiny GGUF model (one thread, six sequences), seeded. */
export async function startTinyPlay(seed: number, contextSize?: number): Promise<TinyPlay> {
  const tiny = await makeTinyModel();
  const provider = await createTinyProvider(tiny.path, 6, contextSize);
  const setup = await startPlay(async () => withSeed(provider, seed), {
    kind: 'local',
    modelPath: tiny.path,
    gpu: 'cpu',
    threads: 1,
  });
  return {
    tiny,
    provider,
    setup,
    cleanup: async () => {
      await setup.cleanup();
      await tiny.cleanup();
    },
  };
}
