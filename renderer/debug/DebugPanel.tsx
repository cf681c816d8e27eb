import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useStores } from '../shell/stores-context.tsx';
import type { NameOf } from '../play/names.ts';
import { TurnPicker } from './TurnPicker.tsx';
import { DebugTabs, panelId, tabId } from './DebugTabs.tsx';
import { StageCallsPanel } from './StageCallsPanel.tsx';
import { TruthPanel } from './TruthPanel.tsx';
import { LandscapePanel } from './LandscapePanel.tsx';
import { ContextPanel } from './ContextPanel.tsx';
import { CharactersPanel } from './CharactersPanel.tsx';
import { ChroniclePanel } from './ChroniclePanel.tsx';
import { SlowGenerationNotice } from './SlowGenerationNotice.tsx';

/**
 * The writer's drawer: the Sandbox switch, a turn picker, and that turn's stage calls, truth set, gravitational
 * landscape, the Narrator's retrieved context, the characters with their knowledge, or the Chronicler.
 */
export function DebugPanel(props: { readonly names: NameOf }) {
  const { play, debug, models } = useStores();
  const slow = useStore(models, (state) => state.slow);
  const saveId = useStore(play, (state) => state.saveId);
  const messageCount = useStore(play, (state) => state.messages.length);
  const busy = useStore(play, (state) => state.busy);
  const boundaryRunning = useStore(play, (state) => state.boundary !== null);
  const {
    turns,
    calls,
    truth,
    landscape,
    context,
    chronicle,
    knowledge,
    graph,
    truthFilter,
    selectedTurn,
    sandbox,
    tab,
    error,
  } = useStore(debug);
  const turn = turns.find((candidate) => candidate.id === selectedTurn);
  // After every turn (busy falls back, the stream grows) and every scene boundary (its run ends, leaving the Chronicler
  // and the knowledge graphs changed) the drawer reads the save again.
  useEffect(() => {
    if (saveId !== null && !busy) void debug.getState().refresh(saveId);
  }, [debug, saveId, busy, messageCount, boundaryRunning]);
  const actions = debug.getState();
  return (
    <aside className="debug" aria-label="Debug drawer">
      <header className="debug-header">
        <h2>Debug</h2>
        <label className="switch">
          <input type="checkbox" checked={sandbox} onChange={(event) => actions.setSandbox(event.target.checked)} />
          Sandbox: show every intention and thought
        </label>
      </header>
      {slow !== null && <SlowGenerationNotice notice={slow} />}
      {error !== null && <p className="error-line">{error}</p>}
      <TurnPicker
        turns={turns}
        selected={selectedTurn}
        onSelect={(turnId) => saveId !== null && void actions.selectTurn(saveId, turnId)}
      />
      <DebugTabs selected={tab} onSelect={(next) => void actions.showTab(saveId, next)} />
      <div className="debug-tab-panel" role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        {tab === 'calls' && (
          <StageCallsPanel hasTurns={turns.length > 0} calls={ofTurn(calls, selectedTurn)} names={props.names} />
        )}
        {tab === 'truth' && (
          <TruthPanel
            turn={turn}
            view={ofTurn(truth, selectedTurn)}
            filter={truthFilter}
            onFilter={actions.setTruthFilter}
            names={props.names}
          />
        )}
        {tab === 'landscape' && <LandscapePanel turn={turn} view={ofTurn(landscape, selectedTurn)} />}
        {tab === 'context' && <ContextPanel turn={turn} view={ofTurn(context, selectedTurn)} />}
        {tab === 'characters' && (
          <CharactersPanel
            turn={turn}
            view={ofTurn(chronicle, selectedTurn)}
            picked={graph}
            knowledge={knowledge}
            onPick={(next) => void actions.pickGraph(saveId, next)}
          />
        )}
        {tab === 'chronicle' && <ChroniclePanel turn={turn} view={ofTurn(chronicle, selectedTurn)} />}
      </div>
    </aside>
  );
}

/** What a per-turn cache holds of the turn picked; undefined while none is picked or it is being read. */
function ofTurn<T>(byTurn: Readonly<Record<number, T>>, turnId: number | null): T | undefined {
  return turnId === null ? undefined : byTurn[turnId];
}
