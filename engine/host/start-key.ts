import type { Settings } from '../api/index.ts';
import { endpointOrigin, type ApiKeyInput, type BoundApiKey, type ProviderConfig } from '../llm/index.ts';

/**
 * The key the engine starts with. A key saved with its origin keeps it. A key without one (STORYLOOM_API_KEY, or a
 * key file written before keys were bound) is bound to the remote endpoint this run uses: the `--llm` override, else
 * the one remote origin in the settings. When the settings name several, it is sent to none of them.
 */
export function bindStartKey(
  input: ApiKeyInput | undefined,
  settings: Settings,
  override: ProviderConfig | undefined,
): { readonly bound: BoundApiKey | undefined; readonly problem: string | null } {
  if (input === undefined) return { bound: undefined, problem: null };
  if (input.origin !== undefined) return { bound: { key: input.key, origin: input.origin }, problem: null };
  const configs = override === undefined ? [settings.llm.default, ...Object.values(settings.llm.stages)] : [override];
  const origins = new Set(
    configs.flatMap((config) => (config?.kind === 'openai' ? [endpointOrigin(config.baseURL)] : [])),
  );
  const [only] = origins;
  if (origins.size === 1 && only !== undefined) return { bound: { key: input.key, origin: only }, problem: null };
  if (origins.size === 0) return { bound: undefined, problem: null };
  return {
    bound: undefined,
    problem:
      `the API key was given without its endpoint and the settings name ${origins.size} remote servers ` +
      `(${[...origins].join(', ')}), so it is sent to none: enter it again for the one it belongs to`,
  };
}
