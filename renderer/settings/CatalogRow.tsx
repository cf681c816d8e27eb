import type { CatalogModel, DownloadProgress } from '../engine.ts';
import { DownloadBar } from './DownloadBar.tsx';
import { formatBytes } from './format-bytes.ts';

interface Props {
  readonly model: CatalogModel;
  readonly progress: DownloadProgress | undefined;
  /** Already in the models folder. */
  readonly present: boolean;
  readonly onDownload: () => void;
  readonly onCancel: () => void;
  readonly onUse: () => void;
}

/** A model of the catalog: what it is and needs, and its download (start, cancel, resume) or its use. */
export function CatalogRow({ model, progress, present, onDownload, onCancel, onUse }: Props) {
  const state = progress?.state;
  const done = present || state === 'done';
  return (
    <li className="catalog-model" data-model={model.id}>
      <div className="catalog-head">
        <span className="model-name">{model.title}</span>
        <span className="muted">
          {formatBytes(model.downloadBytes)} download · needs ~{formatBytes(model.ramBytes)} RAM · {model.license}
        </span>
      </div>
      <p className="catalog-description">{model.description}</p>
      {progress !== undefined && !present && <DownloadBar progress={progress} />}
      <div className="model-actions">
        {done ? (
          <button type="button" className="primary" onClick={onUse}>
            Use this model
          </button>
        ) : state === 'downloading' ? (
          <button type="button" className="quiet" onClick={onCancel} disabled={progress?.downloadId === ''}>
            Cancel download
          </button>
        ) : (
          <button type="button" className="primary" onClick={onDownload}>
            {state === 'cancelled' || state === 'failed' ? 'Resume download' : 'Download'}
          </button>
        )}
      </div>
    </li>
  );
}
