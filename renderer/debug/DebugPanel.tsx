import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useStores } from '../shell/stores-context.tsx';
import type { NameOf } from '../play/names.ts';
import { TurnPicker } from './TurnPicker.tsx';
import { StageCallView } from './StageCallView.tsx';
import { LaterPanel } from './LaterPanel.tsx';

/** The writer's drawer: every stage call of a turn, the Sandbox switch, and the panels still to come. */
export function DebugPanel(props: { readonly names: NameOf }) {
  const { play, debug } = useStores();
  const saveId = useStore(play, (state) => state.saveId);
  const messageCount = useStore(play, (state) => state.messages.length);
  const busy = useStore(play, (state) => state.busy);
  const { turns, calls, selectedTurn, sandbox, error } = useStore(debug);
  useEffect(() => {
    if (saveId !== null && !busy) void debug.getState().refresh(saveId);
  }, [debug, saveId, busy, messageCount]);
  const selected = selectedTurn === null ? undefined : calls[selectedTurn];
  return (
    <aside className="debug" aria-label="Debug drawer">
      <header className="debug-header">
        <h2>Debug</h2>
        <label className="switch">
          <input
            type="checkbox"
            checked={sandbox}
            onChange={(event) => debug.getState().setSandbox(event.target.checked)}
          />
          Sandbox: show every intention and thought
        </label>
      </header>
      {error !== null && <p className="error-line">{error}</p>}
      <TurnPicker
        turns={turns}
        selected={selectedTurn}
        onSelect={(turnId) => saveId !== null && void debug.getState().selectTurn(saveId, turnId)}
      />
      <section className="stage-calls">
        {turns.length === 0 && <p className="muted">No turns yet. Play one and its stage calls appear here.</p>}
        {selected?.length === 0 && <p className="muted">This turn made no model calls.</p>}
        {selected?.map((call) => (
          <StageCallView key={call.seq} call={call} names={props.names} />
        ))}
      </section>
      <LaterPanel title="Truth set" issue="the event system" />
      <LaterPanel title="Gravitational landscape" issue="the storykeeper" />
    </aside>
  );
}
