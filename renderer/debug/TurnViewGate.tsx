import type { ReactNode } from 'react';
import type { TurnRecord } from '../engine.ts';

/**
 * What a panel says before it has a view of the turn to show: no turns yet, a failed turn (which left nothing in the
 * save), or the view still being read. Once the view is here, the panel itself.
 */
export function TurnViewGate<View>(props: {
  readonly turn: TurnRecord | undefined;
  /** Undefined while it is being fetched. */
  readonly view: View | undefined;
  /** What the panel shows of a turn, as in "its gravitational landscape appears here". */
  readonly what: string;
  /** Why a failed turn has nothing to show, after "Turn N failed: "; by default, that nothing of it was kept. */
  readonly failed?: string;
  readonly children: (view: View) => ReactNode;
}) {
  const { turn, view, what, failed = `nothing of it was kept, so it has no ${what}` } = props;
  if (turn === undefined) return <p className="muted">No turns yet. Play one and its {what} appears here.</p>;
  if (turn.status === 'failed')
    return (
      <p className="muted">
        Turn {turn.number} failed: {failed}.
      </p>
    );
  if (view === undefined) return <p className="muted">Reading the {what}…</p>;
  return props.children(view);
}
