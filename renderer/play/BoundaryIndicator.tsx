import type { BoundaryProgress } from '../stores/play-types.ts';
import { boundaryLabel } from './boundary-label.ts';

/**
 * A small status by the input while a turn's after-turn work or the scene that closed is settled in the background: the
 * player may read and type on, so it says what is happening and nothing more.
 */
export function BoundaryIndicator(props: { readonly progress: BoundaryProgress }) {
  const { turn, done, total, work } = props.progress;
  const title = work === 'after_turn' ? `What turn ${turn} changed` : `The scene that closed at turn ${turn}`;
  return (
    <p className="boundary-indicator" role="status" aria-live="polite" title={title}>
      <progress className="boundary-meter" max={total} value={done} aria-hidden="true" />
      {boundaryLabel(props.progress)}
    </p>
  );
}
