import { useState } from 'react';
import { apiKeySaver, ggufChooser } from '../desktop.ts';
import type { LocalModelInfo } from '../engine.ts';
import type { ConnectionTest, ProviderInput } from '../stores/model-store.ts';
import { ApiKeyField } from './ApiKeyField.tsx';
import { CatalogPanel } from './CatalogPanel.tsx';
import { Choice } from './Choice.tsx';
import { LocalModelPicker } from './LocalModelPicker.tsx';
import { RemoteFields } from './RemoteFields.tsx';
import { TestResult } from './TestResult.tsx';
import { ThreadsField } from './ThreadsField.tsx';
import type { LocalMachine, ThreadsSetting } from './local-machine.ts';

export type Source = 'catalog' | 'local' | 'openai';

const SOURCE_LABELS: Readonly<Record<Source, string>> = {
  catalog: 'Download',
  local: 'On this machine',
  openai: 'Remote endpoint',
};

interface Props {
  readonly local: readonly LocalModelInfo[];
  readonly machine: LocalMachine;
  readonly test: ConnectionTest;
  readonly onTest: (provider: ProviderInput) => void;
  readonly onSave: (provider: ProviderInput) => void;
  /** The ways offered, the first chosen at first. */
  readonly sources?: readonly Source[];
  readonly saveLabel?: string;
}

interface Fields {
  readonly modelPath: string;
  readonly threads: ThreadsSetting;
  readonly baseURL: string;
  readonly model: string;
}

function providerOf(kind: Source, { modelPath, threads, baseURL, model }: Fields): ProviderInput | null {
  if (kind === 'local') return modelPath.trim() === '' ? null : { kind: 'local', modelPath: modelPath.trim(), threads };
  if (kind === 'openai' && baseURL.trim() !== '' && model.trim() !== '') {
    return { kind: 'openai', baseURL: baseURL.trim(), model: model.trim() };
  }
  return null;
}

/** Choose a model: download a recommended one, a .gguf file on this machine, or an endpoint (tested first). */
export function ModelSetup(props: Props) {
  const { local, machine, test, onTest, onSave, sources = ['local', 'openai'], saveLabel } = props;
  const [kind, setKind] = useState<Source>(sources[0] ?? 'local');
  const [modelPath, setModelPath] = useState(local[0]?.path ?? '');
  const [threads, setThreads] = useState<ThreadsSetting>('auto');
  const [baseURL, setBaseURL] = useState('http://127.0.0.1:8080/v1');
  const [model, setModel] = useState('');
  const provider = providerOf(kind, { modelPath, threads, baseURL, model });
  return (
    <div className="model-setup">
      <Choice
        label="Source"
        value={kind}
        options={sources.map((source) => [source, SOURCE_LABELS[source]] as const)}
        onChange={setKind}
      />
      {kind === 'catalog' && <CatalogPanel onUse={onSave} />}
      {kind === 'local' && (
        <>
          <LocalModelPicker
            models={local}
            path={modelPath}
            onPath={setModelPath}
            onChoose={ggufChooser()}
            machine={machine}
          />
          <ThreadsField value={threads} cpuCores={machine.cpuCores} onChange={setThreads} />
        </>
      )}
      {kind === 'openai' && <RemoteFields baseURL={baseURL} model={model} onBaseURL={setBaseURL} onModel={setModel} />}
      {kind === 'openai' && <ApiKeyField baseURL={baseURL} save={apiKeySaver()} />}
      {kind === 'openai' && <TestResult test={test} />}
      {kind !== 'catalog' && (
        <div className="model-actions">
          {kind === 'openai' && (
            <button
              type="button"
              className="quiet"
              disabled={provider === null}
              onClick={() => provider && onTest(provider)}
            >
              Test connection
            </button>
          )}
          <button
            type="button"
            className="primary"
            disabled={provider === null}
            onClick={() => provider && onSave(provider)}
          >
            {saveLabel ?? 'Use this model'}
          </button>
        </div>
      )}
    </div>
  );
}
