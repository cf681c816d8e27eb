import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useStores } from './stores-context.tsx';
import { useAppearance } from './use-appearance.ts';
import { DEFAULT_APPEARANCE } from '../stores/settings-store.ts';
import { needsModelSetup } from '../stores/app-store.ts';
import { LibraryScreen } from '../library/LibraryScreen.tsx';
import { PlayScreen } from '../play/PlayScreen.tsx';
import { SettingsDialog } from '../settings/SettingsDialog.tsx';
import { FirstRunScreen } from './FirstRunScreen.tsx';

/** The window: the first-run setup until a model exists, then the library or a save, with settings over either. */
export function App() {
  const stores = useStores();
  const screen = useStore(stores.ui, (state) => state.screen);
  const settingsOpen = useStore(stores.ui, (state) => state.settingsOpen);
  const appearance = useStore(stores.settings, (state) => state.settings?.appearance ?? DEFAULT_APPEARANCE);
  const settings = useStore(stores.settings, (state) => state.settings);
  const info = useStore(stores.app, (state) => state.info);
  useAppearance(appearance);
  useEffect(() => {
    void stores.app.getState().load();
    void stores.settings.getState().load();
    void stores.library.getState().load();
  }, [stores]);
  if (needsModelSetup(settings, info)) return <FirstRunScreen />;
  return (
    <>
      {screen.kind === 'library' ? <LibraryScreen /> : <PlayScreen saveId={screen.saveId} />}
      {settingsOpen && <SettingsDialog />}
    </>
  );
}
