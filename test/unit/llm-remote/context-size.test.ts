import { describe, expect, it } from 'vitest';
import { openaiProviderConfigSchema } from '../../../engine/api/index.ts';
import { createOpenAiProvider } from '../../../engine/llm/openai/index.ts';
import { promptBudget } from '../../../engine/stage-call/prompt-budget.ts';

const config = (extra: Record<string, unknown>) =>
  openaiProviderConfigSchema.parse({ kind: 'openai', baseURL: 'http://127.0.0.1:9/v1', model: 'm', ...extra });

describe('a remote model’s context size', () => {
  it('is the configured window, which every prompt is fitted to', () => {
    const provider = createOpenAiProvider(config({ contextTokens: 32_768 }));
    expect(provider.contextTokens).toBe(32_768);
    expect(promptBudget(provider, 1000).limit).toBe(32_768 - 1000 - Math.ceil(32_768 * 0.02));
  });

  it('is taken as 8,192 tokens when the settings do not say', () => {
    const provider = createOpenAiProvider(config({}));
    expect(provider.contextTokens).toBeUndefined();
    expect(promptBudget(provider, 1000).context).toBe(8192);
  });

  it('refuses a window too small to hold a prompt', () => {
    expect(
      openaiProviderConfigSchema.safeParse({ kind: 'openai', baseURL: 'http://x/v1', model: 'm', contextTokens: 100 })
        .success,
    ).toBe(false);
  });
});
