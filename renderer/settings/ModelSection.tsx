import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { useStores } from '../shell/stores-context.tsx';
import type { Settings } from '../engine.ts';
import type { ProviderInput } from '../stores/model-store.ts';
import { ProviderSummary } from './ProviderSummary.tsx';
import { ModelSetup } from './ModelSetup.tsx';
import { StageOverrides } from './StageOverrides.tsx';
import { useLocalMachine } from './use-local-machine.ts';

/** The models the stages use: the default (downloaded, a local file or an endpoint) and per-stage overrides. */
export function ModelSection(props: { readonly llm: Settings['llm']; readonly startOpen: boolean }) {
  const { models, settings, app } = useStores();
  const machine = useLocalMachine(models);
  const state = useStore(models);
  const pinned = useStore(app, (appState) => appState.info?.llmOverride ?? null);
  const [open, setOpen] = useState(props.startOpen);
  useEffect(() => {
    void models.getState().loadModels();
  }, [models]);
  const save = async (provider: ProviderInput) => {
    await models.getState().saveDefault(provider);
    await settings.getState().load();
    if (models.getState().error === null) setOpen(false);
  };
  return (
    <section className="provider-summary">
      <ProviderSummary llm={props.llm} pinned={pinned} />
      {state.error !== null && <p className="error-line">{state.error}</p>}
      {open ? (
        <ModelSetup
          local={state.local}
          machine={machine}
          test={state.test}
          sources={['local', 'openai', 'catalog']}
          onTest={(provider) => void models.getState().testConnection(provider)}
          onSave={(provider) => void save(provider)}
        />
      ) : (
        <button type="button" className="quiet" onClick={() => setOpen(true)}>
          Choose a model…
        </button>
      )}
      <StageOverrides llm={props.llm} />
    </section>
  );
}
