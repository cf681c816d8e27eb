import { useState } from 'react';
import { useStore } from 'zustand';
import { useStores } from '../shell/stores-context.tsx';
import { TopBar } from '../shell/TopBar.tsx';
import { PackCard } from './PackCard.tsx';
import type { NewGameChoice } from './NewGame.tsx';
import { UnreadableSaves } from './UnreadableSaves.tsx';
import { FirstRunBanner } from './FirstRunBanner.tsx';
import { defaultExportPath } from './export-path.ts';
import type { SaveActions } from './save-actions.ts';
import { DropOverlay } from './DropOverlay.tsx';
import { ImportButton } from './ImportButton.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { readPicked, type PickedFile } from './read-file.ts';
import { useFileDrop } from './use-file-drop.ts';
import { errorMessage } from '../engine.ts';

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
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const pick = (file: File) => {
    setReadError(null);
    readPicked(file).then(setPicked, (error: unknown) =>
      setReadError(`Could not read ${file.name}: ${errorMessage(error)}`),
    );
  };
  const drop = useFileDrop(pick);
  const begin = async (packId: string, choice: NewGameChoice) => {
    const save = await actions.create(packId, choice);
    if (save !== null) play(save.id);
  };
  return (
    <div className="screen library" {...drop.handlers}>
      <TopBar title={<span className="wordmark">Storyloom</span>}>
        <button type="button" className="quiet" onClick={() => ui.getState().setSettingsOpen(true)}>
          Settings
        </button>
      </TopBar>
      <main className="library-body">
        <div className="library-heading-row">
          <h1 className="library-heading">Library</h1>
          <ImportButton onFile={pick} />
        </div>
        {noModel && <FirstRunBanner onSetUp={() => ui.getState().openModelSetup()} />}
        {error !== null && <p className="error-line">{error}</p>}
        {readError !== null && <p className="error-line">{readError}</p>}
        {!loaded && error === null && <p className="muted">Looking for stories…</p>}
        {packs.map((pack) => (
          <PackCard
            key={pack.id}
            pack={pack}
            saves={saves.filter((save) => save.packId === pack.id)}
            onBegin={(choice) => void begin(pack.id, choice)}
            actions={saveActions}
            loadCover={actions.cover}
          />
        ))}
        <UnreadableSaves saves={unreadable} />
      </main>
      {drop.over && <DropOverlay />}
      {picked !== null && (
        <ImportDialog
          file={picked}
          packs={packs.filter((pack) => pack.source === 'user')}
          onImport={actions.importFile}
          onClose={() => setPicked(null)}
        />
      )}
    </div>
  );
}
