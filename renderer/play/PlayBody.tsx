import { useCallback } from 'react';
import { useStore } from 'zustand';
import { useStores } from '../shell/stores-context.tsx';
import type { NameOf } from './names.ts';
import { Stream } from './Stream.tsx';
import { ProgressLine } from './ProgressLine.tsx';
import { FailureNotice } from './FailureNotice.tsx';
import { Composer } from './Composer.tsx';
import { Notice } from './Notice.tsx';
import { BoundaryIndicator } from './BoundaryIndicator.tsx';
import { stageLabel } from './stage-label.ts';
import { Choices } from './Choices.tsx';

/** The reading column: the stream, then what is happening now, the world moving on after a scene, then the input. */
export function PlayBody(props: { readonly names: NameOf; readonly opening: string | null }) {
  const { play, debug, settings } = useStores();
  const state = useStore(play);
  const sandbox = useStore(debug, (debugState) => debugState.sandbox);
  const choicesOn = useStore(settings, (settingsState) => settingsState.settings?.play.choices ?? true);
  const personaId = state.summary?.personaId ?? '';
  const actions = play.getState();
  const loadOlder = useCallback(() => void play.getState().loadOlder(), [play]);
  return (
    <main className="reading">
      <Stream
        messages={state.messages}
        pending={state.pending}
        personaId={personaId}
        sandbox={sandbox}
        names={props.names}
        opening={props.opening}
        hasOlder={state.hasOlder}
        loadingOlder={state.loadingOlder}
        onLoadOlder={loadOlder}
      >
        {!state.busy && choicesOn && (
          <Choices choices={state.choices} onChoose={(text) => actions.setDraft({ ...state.draft, text })} />
        )}
        {state.busy && <ProgressLine label={stageLabel(state.running, props.names, personaId)} />}
        {state.failure !== null && !state.busy && (
          <FailureNotice failure={state.failure} onRetry={() => void actions.submit('/retry', '')} />
        )}
        {(state.notice ?? state.error) !== null && (
          <Notice text={state.notice ?? state.error ?? ''} error={state.error !== null} onDismiss={actions.dismiss} />
        )}
      </Stream>
      {state.boundary !== null && <BoundaryIndicator progress={state.boundary} />}
      <Composer
        draft={state.draft}
        busy={state.busy}
        disabled={state.summary === null}
        onDraft={actions.setDraft}
        onSubmit={(text, thought) => void actions.submit(text, thought)}
        onCancel={() => void actions.cancel()}
      />
    </main>
  );
}
