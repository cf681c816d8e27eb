import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { useStores } from '../shell/stores-context.tsx';
import type { Settings } from '../engine.ts';
import { ProviderSummary } from './ProviderSummary.tsx';
import { ModelSetup } from './ModelSetup.tsx';

/** The model the stages use: what is set now, and a way to change the default. */
export function ModelSection(props: { readonly llm: Settings['llm']; readonly startOpen: boolean }) {
  const { models, settings } = useStores();
  const state = useStore(models);
  const [open, setOpen] = useState(props.startOpen);
  useEffect(() => {
    if (open) void models.getState().loadModels();
  }, [models, open]);
  const save = async (provider: Parameters<typeof state.saveDefault>[0]) => {
    await models.getState().saveDefault(provider);
    await settings.getState().load();
    if (models.getState().error === null) setOpen(false);
  };
  return (
    <section className="provider-summary">
      <ProviderSummary llm={props.llm} />
      {state.error !== null && <p className="error-line">{state.error}</p>}
      {open ? (
        <ModelSetup
          local={state.local}
          test={state.test}
          onTest={(provider) => void models.getState().testConnection(provider)}
          onSave={(provider) => void save(provider)}
        />
      ) : (
        <button type="button" className="quiet" onClick={() => setOpen(true)}>
          Choose a model…
        </button>
      )}
    </section>
  );
}
