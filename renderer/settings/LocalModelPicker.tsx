import type { LocalModelInfo } from '../engine.ts';
import type { LocalMachine } from './local-machine.ts';
import { ModelSpeed } from './ModelSpeed.tsx';

const gib = (bytes: number | null) => (bytes === null ? '?' : `${(bytes / 1024 ** 3).toFixed(1)} GB`);

/** The .gguf files found in the models folders, with what they need, or any path typed in. */
export function LocalModelPicker(props: {
  readonly models: readonly LocalModelInfo[];
  readonly path: string;
  readonly onPath: (path: string) => void;
  /** The desktop shell's file dialog, when there is one; resolves to null when cancelled. */
  readonly onChoose?: (() => Promise<string | null>) | undefined;
  readonly machine: LocalMachine;
}) {
  const { machine } = props;
  const { onChoose, onPath } = props;
  return (
    <>
      {props.models.length === 0 && <p className="muted">No .gguf files in the models folders yet.</p>}
      <ul className="local-models">
        {props.models.map((model) => (
          <li key={model.path}>
            <label>
              <input
                type="radio"
                name="local-model"
                checked={props.path === model.path}
                disabled={model.error !== null}
                onChange={() => props.onPath(model.path)}
              />
              <span className="model-name">{model.name ?? model.fileName}</span>
              <span className="muted">
                {model.error ??
                  `${model.quantization ?? ''} · ${gib(model.sizeBytes)} file · needs ~${gib(model.ramEstimateBytes)} RAM`}
              </span>
            </label>
            {model.error === null && (
              <ModelSpeed
                speed={machine.speeds[model.path]}
                measuring={machine.measuring[model.path]}
                onMeasure={() => machine.onMeasure(model.path)}
              />
            )}
          </li>
        ))}
      </ul>
      <label className="field">
        <span>.gguf path</span>
        <input
          value={props.path}
          placeholder="/path/to/model.gguf"
          onChange={(event) => props.onPath(event.target.value)}
        />
        {onChoose !== undefined && (
          <button
            type="button"
            className="quiet"
            onClick={() => void onChoose().then((chosen) => chosen !== null && onPath(chosen))}
          >
            Choose…
          </button>
        )}
      </label>
    </>
  );
}
