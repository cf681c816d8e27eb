import { createStore } from 'zustand/vanilla';
import type { ConnectionCheck, EngineClient, LocalModelInfo, ParamsOf } from '../engine.ts';

/** A provider as the settings file takes it (defaults filled in by the engine). */
export type ProviderInput = ParamsOf<'llm.testConnection'>['provider'];

export type ConnectionTest =
  | { readonly state: 'idle' }
  | { readonly state: 'testing' }
  | { readonly state: 'ok'; readonly check: ConnectionCheck }
  | { readonly state: 'failed'; readonly message: string };

export interface ModelState {
  readonly local: readonly LocalModelInfo[];
  readonly test: ConnectionTest;
  readonly saved: boolean;
  readonly error: string | null;
  loadModels(): Promise<void>;
  testConnection(provider: ProviderInput): Promise<void>;
  /** Makes the provider the default for every stage, keeping per-stage overrides. */
  saveDefault(provider: ProviderInput): Promise<void>;
}

export type ModelStore = ReturnType<typeof createModelStore>;

/** Choosing the model: local .gguf files the engine found, or a remote endpoint checked before it is saved. */
export function createModelStore(api: EngineClient) {
  return createStore<ModelState>()((set) => ({
    local: [],
    test: { state: 'idle' },
    saved: false,
    error: null,
    async loadModels() {
      const models = await api['models.list']();
      set(models.ok ? { local: models.value.local, error: null } : { error: models.error.message });
    },
    async testConnection(provider) {
      set({ test: { state: 'testing' } });
      const check = await api['llm.testConnection']({ provider });
      set({ test: check.ok ? { state: 'ok', check: check.value } : { state: 'failed', message: check.error.message } });
    },
    async saveDefault(provider) {
      const current = await api['settings.get']();
      if (!current.ok) return set({ error: current.error.message, saved: false });
      const saved = await api['settings.update']({ llm: { default: provider, stages: current.value.llm.stages } });
      set(saved.ok ? { saved: true, error: null } : { saved: false, error: saved.error.message });
    },
  }));
}
