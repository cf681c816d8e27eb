import { createStore } from 'zustand/vanilla';
import type { EngineClient, Settings } from '../engine.ts';

export type Appearance = Settings['appearance'];
export type PlayPreferences = Settings['play'];

export interface SettingsState {
  readonly settings: Settings | null;
  readonly error: string | null;
  load(): Promise<void>;
  updateAppearance(change: Partial<Appearance>): Promise<void>;
  updatePlay(change: Partial<PlayPreferences>): Promise<void>;
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;

export const DEFAULT_APPEARANCE: Appearance = { theme: 'light', font: 'serif', fontSize: 18 };

/** The settings file as the engine keeps it; appearance changes show at once and are then saved. */
export function createSettingsStore(api: EngineClient) {
  return createStore<SettingsState>()((set, get) => {
    /** One section changed: shown at once, then saved (and put back if the engine refused it). */
    const update = async <K extends 'appearance' | 'play'>(section: K, change: Partial<Settings[K]>) => {
      const current = get().settings;
      if (current === null) return;
      const changed = { [section]: { ...current[section], ...change } };
      set({ settings: { ...current, ...changed } });
      const saved = await api['settings.update'](changed);
      set(saved.ok ? { settings: saved.value, error: null } : { settings: current, error: saved.error.message });
    };
    return {
      settings: null,
      error: null,
      async load() {
        const loaded = await api['settings.get']();
        set(loaded.ok ? { settings: loaded.value, error: null } : { error: loaded.error.message });
      },
      updateAppearance: (change) => update('appearance', change),
      updatePlay: (change) => update('play', change),
    };
  });
}
