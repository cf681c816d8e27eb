import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { useStores } from '../shell/stores-context.tsx';
import { TopBar } from '../shell/TopBar.tsx';
import { namesOf } from './names.ts';
import { PlayBody } from './PlayBody.tsx';
import { DebugPanel } from '../debug/DebugPanel.tsx';
import { usePlayShortcuts } from './use-play-shortcuts.ts';

/** A save being played: the prose, the turn in progress, the input, and the writer's drawer beside them. */
export function PlayScreen(props: { readonly saveId: string }) {
  const { play, library, debug, ui } = useStores();
  const summary = useStore(play, (state) => state.summary);
  const packs = useStore(library, (state) => state.packs);
  const debugOpen = useStore(debug, (state) => state.open);
  const pack = packs.find((candidate) => candidate.id === summary?.packId);
  const created = useStore(play, (state) => state.createdNames);
  const names = useMemo(() => namesOf(pack, created), [pack, created]);
  useEffect(() => {
    void play.getState().open(props.saveId);
    return () => play.getState().close();
  }, [play, props.saveId]);
  usePlayShortcuts(play, debug);
  const leave = () => {
    ui.getState().show({ kind: 'library' });
    void library.getState().load();
  };
  return (
    <div className={`screen play${debugOpen ? ' with-drawer' : ''}`}>
      <TopBar
        title={
          <>
            <button type="button" className="quiet back" onClick={leave} aria-label="Back to the library">
              ← Library
            </button>
            <span className="save-heading">{summary?.title ?? ''}</span>
          </>
        }
      >
        <button type="button" className="quiet" aria-pressed={debugOpen} onClick={() => debug.getState().toggle()}>
          Debug
        </button>
        <button type="button" className="quiet" onClick={() => ui.getState().setSettingsOpen(true)}>
          Settings
        </button>
      </TopBar>
      <div className="play-columns">
        <PlayBody names={names} opening={pack?.opening ?? null} />
        {debugOpen && <DebugPanel names={names} />}
      </div>
    </div>
  );
}
