import { createStore } from 'zustand/vanilla';
import type { EngineClient, Settings } from '../engine.ts';

export type Appearance = Settings['appearance'];

export interface SettingsState {
  readonly settings: Settings | null;
  readonly error: string | null;
  load(): Promise<void>;
  updateAppearance(change: Partial<Appearance>): Promise<void>;
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;

export const DEFAULT_APPEARANCE: Appearance = { theme: 'light', font: 'serif', fontSize: 18 };

/** The settings file as the engine keeps it; appearance changes show at once and are then saved. */
export function createSettingsStore(api: EngineClient) {
  return createStore<SettingsState>()((set, get) => ({
    settings: null,
    error: null,
    async load() {
      const loaded = await api['settings.get']();
      set(loaded.ok ? { settings: loaded.value, error: null } : { error: loaded.error.message });
    },
    async updateAppearance(change) {
      const current = get().settings;
      if (current === null) return;
      const appearance = { ...current.appearance, ...change };
      set({ settings: { ...current, appearance } });
      const saved = await api['settings.update']({ appearance });
      set(saved.ok ? { settings: saved.value, error: null } : { settings: current, error: saved.error.message });
    },
  }));
}
