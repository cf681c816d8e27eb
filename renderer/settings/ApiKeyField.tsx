import { useState } from 'react';
import type { ApiKeySaver } from '../desktop.ts';

type Saved =
  | { readonly state: 'idle' }
  | { readonly state: 'saved'; readonly origin: string }
  | { readonly state: 'failed'; readonly message: string };

/** The origin a key entered for `baseURL` is bound to, or null while the address is not a URL yet. */
export function originOf(baseURL: string): string | null {
  return URL.parse(baseURL.trim())?.origin ?? null;
}

/**
 * The API key for the endpoint being set up. The key is kept for this endpoint's origin only and is never sent to
 * another server, so a new endpoint on another origin needs it entered again. Web mode has no key store: its key
 * comes from STORYLOOM_API_KEY when `storyloom serve` starts.
 */
export function ApiKeyField(props: { readonly baseURL: string; readonly save: ApiKeySaver | undefined }) {
  const [key, setKey] = useState('');
  const [saved, setSaved] = useState<Saved>({ state: 'idle' });
  const origin = originOf(props.baseURL);
  if (props.save === undefined) {
    return (
      <p className="muted field-hint">
        The API key comes from STORYLOOM_API_KEY when storyloom serve starts, and is sent only to the endpoint it was
        started with.
      </p>
    );
  }
  const save = props.save;
  return (
    <>
      <label className="field">
        <span>API key</span>
        <input type="password" autoComplete="off" value={key} onChange={(event) => setKey(event.target.value)} />
      </label>
      <p className="muted field-hint">
        {origin === null
          ? 'Kept for this endpoint only.'
          : `Kept for ${origin} only: another server needs it entered again.`}
      </p>
      <div className="model-actions">
        <button
          type="button"
          className="quiet"
          disabled={key.trim() === '' || origin === null}
          onClick={() =>
            void save(key, props.baseURL.trim()).then((problem) => {
              setSaved(
                problem === null ? { state: 'saved', origin: origin ?? '' } : { state: 'failed', message: problem },
              );
              if (problem === null) setKey('');
            })
          }
        >
          Save key
        </button>
      </div>
      {saved.state === 'saved' && <p className="muted field-hint">Key saved for {saved.origin}.</p>}
      {saved.state === 'failed' && <p className="error-line">{saved.message}</p>}
    </>
  );
}
