import { useState } from 'react';
import type { PackImportResult, PackSummary, ParamsOf, Result } from '../engine.ts';
import { ImportSummary } from './ImportSummary.tsx';
import { isImportable, packNameFrom, type PickedFile } from './read-file.ts';

type Params = ParamsOf<'packs.import'>;
type As = NonNullable<Params['as']> | 'detect';
type State =
  | { readonly kind: 'choosing' }
  | { readonly kind: 'importing' }
  | { readonly kind: 'done'; readonly result: PackImportResult }
  | { readonly kind: 'failed'; readonly message: string };

const NEW_PACK = '';

interface Props {
  readonly file: PickedFile;
  /** The player's own packs: built-in ones are read-only. */
  readonly packs: readonly PackSummary[];
  readonly onImport: (params: Params) => Promise<Result<PackImportResult>>;
  readonly onClose: () => void;
}

/** Where a dropped card or lorebook goes (one of the player's packs, or a new one), then what came in. */
export function ImportDialog({ file, packs, onImport, onClose }: Props) {
  const [target, setTarget] = useState(packs[0]?.id ?? NEW_PACK);
  const [newName, setNewName] = useState(packNameFrom(file.fileName));
  const [as, setAs] = useState<As>('detect');
  const [state, setState] = useState<State>(
    isImportable(file.fileName)
      ? { kind: 'choosing' }
      : { kind: 'failed', message: 'Storyloom imports character cards (.png, .charx, .json) and lorebooks (.json).' },
  );
  const ready = isImportable(file.fileName) && (target !== NEW_PACK || newName.trim() !== '');
  const submit = async () => {
    if (!ready) return;
    setState({ kind: 'importing' });
    const into = target === NEW_PACK ? { newPack: newName.trim() } : { packId: target };
    const result = await onImport({ ...file, into, ...(as === 'detect' ? {} : { as }) });
    setState(result.ok ? { kind: 'done', result: result.value } : { kind: 'failed', message: result.error.message });
  };
  const doneTitle = (result: PackImportResult) =>
    packs.find((pack) => pack.id === result.packId)?.title ?? (target === NEW_PACK ? newName.trim() : result.packId);
  return (
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <form
        className="modal import-dialog"
        role="dialog"
        aria-modal="true"
        aria-label="Import"
        onKeyDown={(event) => event.key === 'Escape' && onClose()}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h2>Import “{file.fileName}”</h2>
        {state.kind === 'done' ? (
          <ImportSummary result={state.result} packTitle={doneTitle(state.result)} />
        ) : (
          <fieldset className="import-fields" disabled={state.kind === 'importing'}>
            <label className="field">
              <span>Into</span>
              <select value={target} autoFocus onChange={(event) => setTarget(event.target.value)}>
                {packs.map((pack) => (
                  <option key={pack.id} value={pack.id}>
                    {pack.title}
                  </option>
                ))}
                <option value={NEW_PACK}>A new pack…</option>
              </select>
            </label>
            {target === NEW_PACK && (
              <label className="field">
                <span>Name</span>
                <input value={newName} maxLength={80} onChange={(event) => setNewName(event.target.value)} />
              </label>
            )}
            {file.fileName.toLowerCase().endsWith('.json') && (
              <label className="field">
                <span>As</span>
                <select value={as} onChange={(event) => setAs(event.target.value as As)}>
                  <option value="detect">Detect from the file</option>
                  <option value="character">A character</option>
                  <option value="lore">A lorebook</option>
                </select>
              </label>
            )}
            <p className="muted import-hint">Built-in stories are read-only, so imports go into your own packs.</p>
          </fieldset>
        )}
        {state.kind === 'failed' && (
          <p className="error-line" role="alert">
            {state.message}
          </p>
        )}
        <div className="model-actions">
          <button type="button" className="quiet" onClick={onClose}>
            {state.kind === 'done' ? 'Close' : 'Cancel'}
          </button>
          {state.kind !== 'done' && (
            <button type="submit" className="primary" disabled={!ready || state.kind === 'importing'}>
              {state.kind === 'importing' ? 'Importing…' : 'Import'}
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
