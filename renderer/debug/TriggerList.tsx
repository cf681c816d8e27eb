import { useId } from 'react';
import type { TriggerView } from '../engine.ts';
import type { NameOf } from '../play/names.ts';
import { TriggerItem } from './TriggerItem.tsx';

/** Every trigger of the pack, as evaluated against the truth set of the turn. */
export function TriggerList(props: {
  readonly triggers: readonly TriggerView[];
  readonly turn: number;
  readonly names: NameOf;
}) {
  const heading = useId();
  return (
    <section className="truth-triggers" aria-labelledby={heading}>
      <h4 id={heading}>Triggers</h4>
      {props.triggers.length === 0 ? (
        <p className="muted">The story pack has no triggers.</p>
      ) : (
        <ul className="trigger-list">
          {props.triggers.map((trigger) => (
            <TriggerItem key={trigger.id} trigger={trigger} turn={props.turn} names={props.names} />
          ))}
        </ul>
      )}
    </section>
  );
}
