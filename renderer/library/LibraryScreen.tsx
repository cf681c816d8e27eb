import { useStore } from 'zustand';
import { useStores } from '../shell/stores-context.tsx';
import { TopBar } from '../shell/TopBar.tsx';
import { PackCard } from './PackCard.tsx';
import { UnreadableSaves } from './UnreadableSaves.tsx';
import { FirstRunBanner } from './FirstRunBanner.tsx';

/** Every story on this machine, each with its saves and a way to begin it. */
export function LibraryScreen() {
  const { library, ui, settings } = useStores();
  const { packs, saves, unreadable, loaded, error } = useStore(library);
  const noModel = useStore(settings, (state) => state.settings !== null && state.settings.llm.default === null);
  const actions = library.getState();
  const play = (saveId: string) => ui.getState().show({ kind: 'play', saveId });
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
            onContinue={play}
            onBegin={(personaId) => void begin(pack.id, personaId)}
            onRename={(id, title) => void actions.rename(id, title)}
            onDelete={(id) => void actions.remove(id)}
          />
        ))}
        <UnreadableSaves saves={unreadable} />
      </main>
    </div>
  );
}
