import type { StageKind } from '../api/index.ts';
import type { ProviderConfig, RoutingConfig } from './config.ts';
import type { ProviderFactory } from './provider-factory.ts';
import { LlmError, type LlmProvider } from './types.ts';

export interface LlmRouter {
  /** The provider for a stage: its override, else the default. Identical configs share one provider (one loaded model). */
  forStage(stage: StageKind): Promise<LlmProvider>;
  /** The config serving a stage; LlmError('config') when there is none. */
  configFor(stage: StageKind): ProviderConfig;
  /** Disposes every provider created, each once. */
  dispose(): Promise<void>;
}

/** Per-stage routing (ARCHITECTURE §7): small models can serve extractors while a larger one narrates. */
export function createLlmRouter(routing: RoutingConfig, createProvider: ProviderFactory): LlmRouter {
  const providers = new Map<string, Promise<LlmProvider>>();
  let disposed = false;

  const configFor = (stage: StageKind): ProviderConfig => {
    const config = routing.stages[stage] ?? routing.default;
    if (config !== null) return config;
    throw new LlmError(
      'config',
      `no LLM provider is configured for this stage; choose a default model or a ${stage} override in Settings → Models ` +
        `(routing.default or routing.stages.${stage}), or start with an LLM spec such as local:<model.gguf>`,
      stage,
    );
  };

  return {
    configFor,
    async forStage(stage) {
      if (disposed) throw new LlmError('config', 'the LLM router has been disposed', stage);
      const config = configFor(stage);
      const key = configKey(config);
      const existing = providers.get(key);
      if (existing !== undefined) return existing;
      const created = createProvider(config);
      providers.set(key, created);
      // A failed creation (missing model file, say) is not cached: the next call tries again.
      created.catch(() => {
        if (providers.get(key) === created) providers.delete(key);
      });
      return created;
    },
    async dispose() {
      disposed = true;
      const pending = [...providers.values()];
      providers.clear();
      const settled = await Promise.allSettled(pending);
      const made = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      const disposals = await Promise.allSettled(made.map((provider) => provider.dispose()));
      const failure = disposals.find((result) => result.status === 'rejected');
      if (failure !== undefined) throw failure.reason;
    },
  };
}

/** Configs are flat records; the same fields in any order (and absent vs undefined) are the same provider. */
function configKey(config: ProviderConfig): string {
  const fields = Object.entries(config).filter(([, value]) => value !== undefined);
  fields.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(fields);
}
