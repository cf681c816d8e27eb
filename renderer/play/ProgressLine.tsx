/** What the engine is doing right now, one calm line under the prose. */
export function ProgressLine(props: { readonly label: string }) {
  return (
    <p className="progress-line" role="status" aria-live="polite">
      <span className="progress-dots" aria-hidden="true" />
      {props.label}
    </p>
  );
}
