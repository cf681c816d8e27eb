import { useState } from 'react';
import type { LocalModelInfo } from '../engine.ts';
import type { ConnectionTest, ProviderInput } from '../stores/model-store.ts';
import { Choice } from './Choice.tsx';
import { LocalModelPicker } from './LocalModelPicker.tsx';
import { TestResult } from './TestResult.tsx';

interface Props {
  readonly local: readonly LocalModelInfo[];
  readonly test: ConnectionTest;
  readonly onTest: (provider: ProviderInput) => void;
  readonly onSave: (provider: ProviderInput) => void;
}

/** Set the default model: a .gguf file on this machine, or an OpenAI-compatible endpoint (tested before saving). */
export function ModelSetup({ local, test, onTest, onSave }: Props) {
  const [kind, setKind] = useState<'local' | 'openai'>('local');
  const [modelPath, setModelPath] = useState(local[0]?.path ?? '');
  const [baseURL, setBaseURL] = useState('http://127.0.0.1:8080/v1');
  const [model, setModel] = useState('');
  const provider: ProviderInput | null =
    kind === 'local'
      ? modelPath.trim() === ''
        ? null
        : { kind: 'local', modelPath: modelPath.trim() }
      : baseURL.trim() === '' || model.trim() === ''
        ? null
        : { kind: 'openai', baseURL: baseURL.trim(), model: model.trim() };
  return (
    <div className="model-setup">
      <Choice
        label="Source"
        value={kind}
        options={[
          ['local', 'On this machine'],
          ['openai', 'Remote endpoint'],
        ]}
        onChange={setKind}
      />
      {kind === 'local' ? (
        <LocalModelPicker models={local} path={modelPath} onPath={setModelPath} />
      ) : (
        <>
          <label className="field">
            <span>Endpoint</span>
            <input value={baseURL} onChange={(event) => setBaseURL(event.target.value)} />
          </label>
          <label className="field">
            <span>Model</span>
            <input
              value={model}
              placeholder="e.g. qwen2.5-7b-instruct"
              onChange={(event) => setModel(event.target.value)}
            />
          </label>
        </>
      )}
      <TestResult test={test} />
      <div className="model-actions">
        <button
          type="button"
          className="quiet"
          disabled={provider === null}
          onClick={() => provider && onTest(provider)}
        >
          Test connection
        </button>
        <button
          type="button"
          className="primary"
          disabled={provider === null}
          onClick={() => provider && onSave(provider)}
        >
          Use this model
        </button>
      </div>
    </div>
  );
}
