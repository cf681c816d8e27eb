import { createStore } from 'zustand/vanilla';
import type { AppInfo, EngineClient, Settings } from '../engine.ts';

export interface AppState {
  readonly info: AppInfo | null;
  readonly error: string | null;
  load(): Promise<void>;
}

export type AppStore = ReturnType<typeof createAppStore>;

/** This installation as the engine describes it: version, home folder, a provider pinned with --llm. */
export function createAppStore(api: EngineClient) {
  return createStore<AppState>()((set) => ({
    info: null,
    error: null,
    async load() {
      const info = await api['app.info']();
      set(info.ok ? { info: info.value, error: null } : { error: info.error.message });
    },
  }));
}

/**
 * Whether the window must ask for a model before anything else: the settings name none (no default, no stage
 * overrides) and this run was not started with a pinned provider. Unknown (still loading) counts as no.
 */
export function needsModelSetup(settings: Settings | null, info: AppInfo | null): boolean {
  if (settings === null || info === null) return false;
  if (info.llmOverride !== null) return false;
  return settings.llm.default === null && Object.keys(settings.llm.stages).length === 0;
}
