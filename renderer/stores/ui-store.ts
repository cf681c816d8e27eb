import { createStore } from 'zustand/vanilla';

export type Screen = { readonly kind: 'library' } | { readonly kind: 'play'; readonly saveId: string };

export interface UiState {
  readonly screen: Screen;
  readonly settingsOpen: boolean;
  /** Settings were opened to choose a model (first run): the model form starts open. */
  readonly modelSetup: boolean;
  show(screen: Screen): void;
  setSettingsOpen(open: boolean): void;
  openModelSetup(): void;
}

export type UiStore = ReturnType<typeof createUiStore>;

/** Which screen is up; nothing here is engine state. */
export function createUiStore() {
  return createStore<UiState>()((set) => ({
    screen: { kind: 'library' },
    settingsOpen: false,
    modelSetup: false,
    show: (screen) => set({ screen }),
    setSettingsOpen: (settingsOpen) => set({ settingsOpen, modelSetup: false }),
    openModelSetup: () => set({ settingsOpen: true, modelSetup: true }),
  }));
}
