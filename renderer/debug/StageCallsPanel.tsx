import type { StageCallRecord } from '../engine.ts';
import type { NameOf } from '../play/names.ts';
import { StageCallView } from './StageCallView.tsx';

/** Every stage call of the turn picked (undefined: not fetched yet). */
export function StageCallsPanel(props: {
  readonly hasTurns: boolean;
  readonly calls: readonly StageCallRecord[] | undefined;
  readonly names: NameOf;
}) {
  return (
    <section className="stage-calls">
      {!props.hasTurns && <p className="muted">No turns yet. Play one and its stage calls appear here.</p>}
      {props.calls?.length === 0 && <p className="muted">This turn made no model calls.</p>}
      {props.calls?.map((call) => (
        <StageCallView key={call.seq} call={call} names={props.names} />
      ))}
    </section>
  );
}
