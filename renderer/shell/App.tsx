import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useStores } from './stores-context.tsx';
import { useAppearance } from './use-appearance.ts';
import { DEFAULT_APPEARANCE } from '../stores/settings-store.ts';
import { LibraryScreen } from '../library/LibraryScreen.tsx';
import { PlayScreen } from '../play/PlayScreen.tsx';
import { SettingsDialog } from '../settings/SettingsDialog.tsx';

/** The window: the library or a save being played, with settings over either. */
export function App() {
  const stores = useStores();
  const screen = useStore(stores.ui, (state) => state.screen);
  const settingsOpen = useStore(stores.ui, (state) => state.settingsOpen);
  const appearance = useStore(stores.settings, (state) => state.settings?.appearance ?? DEFAULT_APPEARANCE);
  useAppearance(appearance);
  useEffect(() => {
    void stores.settings.getState().load();
    void stores.library.getState().load();
  }, [stores]);
  return (
    <>
      {screen.kind === 'library' ? <LibraryScreen /> : <PlayScreen saveId={screen.saveId} />}
      {settingsOpen && <SettingsDialog />}
    </>
  );
}
