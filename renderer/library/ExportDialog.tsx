import { useState } from 'react';

/** Web mode has no file dialog: the destination path, prefilled, with what happened after writing. */
export function ExportDialog(props: {
  readonly title: string;
  readonly initial: string;
  readonly onExport: (path: string) => Promise<string | null>;
  readonly onClose: () => void;
}) {
  const [path, setPath] = useState(props.initial);
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'writing' } | { kind: 'done'; path: string } | { kind: 'failed'; message: string }
  >({ kind: 'idle' });
  const submit = async () => {
    const destination = path.trim();
    if (destination === '') return;
    setState({ kind: 'writing' });
    const error = await props.onExport(destination);
    setState(error === null ? { kind: 'done', path: destination } : { kind: 'failed', message: error });
  };
  return (
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && props.onClose()}>
      <form
        className="modal export-dialog"
        role="dialog"
        aria-modal="true"
        aria-label="Export save"
        onKeyDown={(event) => event.key === 'Escape' && props.onClose()}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h2>Export “{props.title}”</h2>
        <label className="field">
          <span>Write a copy to</span>
          <input value={path} autoFocus onChange={(event) => setPath(event.target.value)} spellCheck={false} />
        </label>
        {state.kind === 'done' && <p className="test-ok">Exported to {state.path}</p>}
        {state.kind === 'failed' && <p className="error-line">{state.message}</p>}
        <div className="model-actions">
          <button type="button" className="quiet" onClick={props.onClose}>
            {state.kind === 'done' ? 'Close' : 'Cancel'}
          </button>
          {state.kind !== 'done' && (
            <button type="submit" className="primary" disabled={state.kind === 'writing' || path.trim() === ''}>
              Export
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
