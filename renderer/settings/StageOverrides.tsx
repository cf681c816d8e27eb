import { useState } from 'react';
import { useStore } from 'zustand';
import { STAGE_KINDS, type Settings, type StageKind } from '../engine.ts';
import { useStores } from '../shell/stores-context.tsx';
import type { ProviderInput } from '../stores/model-store.ts';
import { ModelSetup } from './ModelSetup.tsx';
import { StageRow } from './StageRow.tsx';
import { useLocalMachine } from './use-local-machine.ts';

/** Per-stage providers: every stage kind uses the default unless it is given its own. */
export function StageOverrides(props: { readonly llm: Settings['llm'] }) {
  const { models, settings } = useStores();
  const machine = useLocalMachine(models);
  const local = useStore(models, (state) => state.local);
  const test = useStore(models, (state) => state.test);
  const [editing, setEditing] = useState<StageKind | null>(null);
  const save = async (stage: StageKind, provider: ProviderInput | null) => {
    await models.getState().saveStage(stage, provider);
    await settings.getState().load();
    if (models.getState().error === null) setEditing(null);
  };
  return (
    <details className="stage-overrides">
      <summary>Per-stage models</summary>
      <ul className="stage-list">
        {STAGE_KINDS.map((stage) => (
          <StageRow
            key={stage}
            stage={stage}
            override={props.llm.stages[stage]}
            onEdit={() => setEditing(editing === stage ? null : stage)}
            onClear={() => void save(stage, null)}
          />
        ))}
      </ul>
      {editing !== null && (
        <div className="stage-editor" aria-label={`Model for ${editing.replaceAll('_', ' ')}`} role="group">
          <h4>Model for {editing.replaceAll('_', ' ')}</h4>
          <ModelSetup
            key={editing}
            local={local}
            machine={machine}
            test={test}
            onTest={(provider) => void models.getState().testConnection(provider)}
            onSave={(provider) => void save(editing, provider)}
            saveLabel="Use for this stage"
          />
        </div>
      )}
    </details>
  );
}
