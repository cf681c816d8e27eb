import { useStore } from 'zustand';
import { useStores } from '../shell/stores-context.tsx';
import { TopBar } from '../shell/TopBar.tsx';
import { PackCard } from './PackCard.tsx';
import { UnreadableSaves } from './UnreadableSaves.tsx';
import { FirstRunBanner } from './FirstRunBanner.tsx';
import { defaultExportPath } from './export-path.ts';
import type { SaveActions } from './save-actions.ts';

/** Every story on this machine, each with its saves and a way to begin it. */
export function LibraryScreen() {
  const { library, ui, settings, app } = useStores();
  const home = useStore(app, (state) => state.info?.home ?? null);
  const { packs, saves, unreadable, loaded, error } = useStore(library);
  const noModel = useStore(settings, (state) => state.settings !== null && state.settings.llm.default === null);
  const actions = library.getState();
  const play = (saveId: string) => ui.getState().show({ kind: 'play', saveId });
  const saveActions: SaveActions = {
    onContinue: play,
    onRename: (id, title) => void actions.rename(id, title),
    onDelete: (id) => void actions.remove(id),
    onExport: actions.exportSave,
    exportPathOf: (id) => (home === null ? '' : defaultExportPath(home, id)),
  };
  const begin = async (packId: string, personaId: string | null) => {
    const save = await actions.create(packId, personaId);
    if (save !== null) play(save.id);
  };
  return (
    <div className="screen library">
      <TopBar title={<span className="wordmark">Storyloom</span>}>
        <button type="button" className="quiet" onClick={() => ui.getState().setSettingsOpen(true)}>
          Settings
        </button>
      </TopBar>
      <main className="library-body">
        <h1 className="library-heading">Library</h1>
        {noModel && <FirstRunBanner onSetUp={() => ui.getState().openModelSetup()} />}
        {error !== null && <p className="error-line">{error}</p>}
        {!loaded && error === null && <p className="muted">Looking for stories…</p>}
        {packs.map((pack) => (
          <PackCard
            key={pack.id}
            pack={pack}
            saves={saves.filter((save) => save.packId === pack.id)}
            onBegin={(personaId) => void begin(pack.id, personaId)}
            actions={saveActions}
          />
        ))}
        <UnreadableSaves saves={unreadable} />
      </main>
    </div>
  );
}
