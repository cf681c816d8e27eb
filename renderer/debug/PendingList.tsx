import type { PendingInteractionView } from '../engine.ts';
import { byUrgency, offeredLine } from './chronicle-format.ts';

/** Characters seeking the protagonist, most urgent first, with how they mean to go about it. */
export function PendingList(props: { readonly pending: readonly PendingInteractionView[]; readonly label: string }) {
  if (props.pending.length === 0) return <p className="muted">Nobody is seeking the protagonist.</p>;
  return (
    <ol className="pending-list" aria-label={props.label}>
      {byUrgency(props.pending).map((item) => (
        <li key={item.id} className={item.spent ? 'pending-item spent' : 'pending-item'} data-pending={item.id}>
          <p className="pending-line">
            <span className={`urgency urgency-${item.urgency}`}>{item.urgency}</span> <strong>{item.name}</strong>:{' '}
            {item.what}
          </p>
          <p className="pending-meta muted">
            {item.approach === '' ? '' : `${item.approach} · `}raised {item.raisedAt} · {offeredLine(item)}
          </p>
        </li>
      ))}
    </ol>
  );
}
