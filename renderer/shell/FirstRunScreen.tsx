import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useStores } from './stores-context.tsx';
import type { ProviderInput } from '../stores/model-store.ts';
import { ModelSetup } from '../settings/ModelSetup.tsx';
import { useLocalMachine } from '../settings/use-local-machine.ts';

/**
 * First run: no model in the settings and none pinned for this run. Nothing can be narrated yet, so this screen
 * stands before the library until a model is chosen: the recommended download, a .gguf file, or an endpoint.
 */
export function FirstRunScreen() {
  const { models, settings } = useStores();
  const machine = useLocalMachine(models);
  const state = useStore(models);
  useEffect(() => {
    void models.getState().loadModels();
  }, [models]);
  const save = async (provider: ProviderInput) => {
    await models.getState().saveDefault(provider);
    await settings.getState().load();
  };
  return (
    <main className="screen first-run-screen" aria-label="Welcome to Storyloom">
      <div className="first-run-card">
        <p className="wordmark">Storyloom</p>
        <h1>Choose the model that will tell your stories</h1>
        <p className="muted">
          Storyloom narrates with a language model: one you download to run on this machine, a <code>.gguf</code> file
          you already have, or an OpenAI-compatible endpoint. You can change it any time in Settings.
        </p>
        {state.error !== null && <p className="error-line">{state.error}</p>}
        <ModelSetup
          local={state.local}
          machine={machine}
          test={state.test}
          sources={['catalog', 'local', 'openai']}
          onTest={(provider) => void models.getState().testConnection(provider)}
          onSave={(provider) => void save(provider)}
        />
      </div>
    </main>
  );
}
