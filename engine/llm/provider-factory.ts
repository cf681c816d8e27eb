import { keyForEndpoint, type BoundApiKey, type KeyForEndpoint } from './api-key.ts';
import type { LocalProviderConfig, ProviderConfig } from './config.ts';
import type * as LocalProviderModule from './local/index.ts';
import { createOpenAiProvider, type OpenAiProviderOptions } from './openai/index.ts';
import { createScriptedProvider } from './scripted/index.ts';
import { LlmError, type LlmProvider, type SlowGeneration } from './types.ts';
import { errorMessage } from '../api/index.ts';

/** What providers need from the host beyond their config. */
export interface ProviderDeps {
  /**
   * For openai providers: from the OS keychain (app) or STORYLOOM_API_KEY / OPENAI_API_KEY (CLI), sent only to the
   * endpoint origin it is bound to.
   */
  readonly apiKey?: BoundApiKey | undefined;
  /** Where relative local model paths are looked up. */
  readonly modelsDir?: string | undefined;
  /** For local providers: what `models bench` measured here, and who hears when generation runs far below it. */
  readonly speedWatch?: { readonly speedFile: string; readonly onSlow: (notice: SlowGeneration) => void } | undefined;
}

export type ProviderFactory = (config: ProviderConfig) => Promise<LlmProvider>;

/** Makes the provider a config describes. */
export async function createProviderFromConfig(config: ProviderConfig, deps: ProviderDeps = {}): Promise<LlmProvider> {
  switch (config.kind) {
    case 'openai':
      return createOpenAiProvider(config, openAiKeyOptions(keyForEndpoint(deps.apiKey, config.baseURL)));
    case 'scripted':
      return createScriptedProvider({ file: config.file });
    case 'local':
      return createLocalProvider(config, deps);
  }
}

function openAiKeyOptions(key: KeyForEndpoint): OpenAiProviderOptions {
  if (key.apiKey !== undefined) return { apiKey: key.apiKey };
  return key.withheldFor === undefined ? {} : { keyWithheldFor: key.withheldFor };
}

async function createLocalProvider(config: LocalProviderConfig, deps: ProviderDeps): Promise<LlmProvider> {
  const local = await loadLocalProviderModule();
  return local.createLocalProvider(config, {
    ...(deps.modelsDir === undefined ? {} : { modelsDir: deps.modelsDir }),
    ...(deps.speedWatch === undefined ? {} : { speedWatch: deps.speedWatch }),
  });
}

/** A ProviderFactory bound to the host's deps, for createLlmRouter. */
export function providerFactory(deps: ProviderDeps = {}): ProviderFactory {
  return (config) => createProviderFromConfig(config, deps);
}

/**
 * Imported on first use only: node-llama-cpp (a native addon) stays off the load path when no stage runs locally, and
 * a machine where it cannot load still runs remote and scripted providers.
 */
async function loadLocalProviderModule(): Promise<typeof LocalProviderModule> {
  try {
    return await import('./local/index.ts');
  } catch (error) {
    const reason = errorMessage(error);
    throw new LlmError(
      'config',
      `the local model provider cannot be loaded (${reason}); use an openai or scripted provider instead`,
    );
  }
}
