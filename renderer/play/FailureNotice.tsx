import type { TurnFailure } from '../stores/play-types.ts';

/** A failed turn: which stage failed and why; nothing of it was kept, and Retry plays it again. */
export function FailureNotice(props: { readonly failure: TurnFailure; readonly onRetry: () => void }) {
  const { failure } = props;
  return (
    <div className="failure" role="alert">
      <p className="failure-title">
        Turn {failure.turn} failed in <strong>{failure.stage.replaceAll('_', ' ')}</strong>
      </p>
      <p className="failure-reason">{failure.reason}</p>
      <p className="failure-hint">Nothing of it was kept. Your words are back in the input.</p>
      <button type="button" className="primary" onClick={props.onRetry}>
        Retry
      </button>
    </div>
  );
}
