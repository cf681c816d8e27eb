import type { EngineConnection } from '../engine.ts';
import { createAppStore } from './app-store.ts';
import { createDebugStore } from './debug-store.ts';
import { createLibraryStore } from './library-store.ts';
import { createModelStore } from './model-store.ts';
import { createPlayStore } from './play-store.ts';
import { createSettingsStore } from './settings-store.ts';
import { createUiStore } from './ui-store.ts';

export type Stores = ReturnType<typeof createStores>;

/** Every store of the window, fed by the one engine connection; events reach the open save's projection. */
export function createStores(connection: EngineConnection) {
  const stores = {
    app: createAppStore(connection.api),
    library: createLibraryStore(connection.api),
    play: createPlayStore(connection.api),
    debug: createDebugStore(connection.api),
    settings: createSettingsStore(connection.api),
    models: createModelStore(connection.api),
    ui: createUiStore(),
  };
  connection.subscribe((event) => {
    stores.play.getState().apply(event);
    if (event.type === 'saves.changed' || event.type === 'packs.changed') void stores.library.getState().load();
    if (event.type === 'settings.changed') void stores.settings.getState().load();
    if (event.type === 'model.download') stores.models.getState().onProgress(event.progress);
    if (event.type === 'model.bench' || event.type === 'llm.slow') stores.models.getState().onSpeedEvent(event);
  });
  return stores;
}
