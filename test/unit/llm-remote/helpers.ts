import { openaiProviderConfigSchema, type OpenAiProviderConfig } from '../../../engine/llm/config.ts';
import { createOpenAiProvider } from '../../../engine/llm/openai/index.ts';
import type { LlmProvider } from '../../../engine/llm/types.ts';

export const API_KEY = 'sk-test-SECRET-4f9a1c';

export function openAiProvider(baseURL: string, overrides: Partial<OpenAiProviderConfig> = {}): LlmProvider {
  const config = openaiProviderConfigSchema.parse({
    kind: 'openai',
    baseURL,
    model: 'fake-model',
    maxRetries: 2,
    timeoutMs: 5_000,
    ...overrides,
  });
  return createOpenAiProvider(config, { apiKey: API_KEY });
}

export async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}
