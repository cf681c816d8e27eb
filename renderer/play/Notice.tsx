/** What the engine answered without playing a turn (a /command's reply, or an error). */
export function Notice(props: { readonly text: string; readonly error: boolean; readonly onDismiss: () => void }) {
  return (
    <div className={`notice${props.error ? ' notice-error' : ''}`} role="status">
      <pre className="notice-text">{props.text}</pre>
      <button type="button" className="quiet" onClick={props.onDismiss} aria-label="Dismiss">
        ×
      </button>
    </div>
  );
}
