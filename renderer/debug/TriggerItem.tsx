import { useId, useState } from 'react';
import type { TriggerView } from '../engine.ts';
import type { NameOf } from '../play/names.ts';
import { TraceTree } from './TraceTree.tsx';
import { TRIGGER_STATE_LABEL, triggerState } from './truth-rows.ts';

/** One trigger: whether it fired, holds, waits or is spent, and (on demand) why. */
export function TriggerItem(props: { readonly trigger: TriggerView; readonly turn: number; readonly names: NameOf }) {
  const { trigger } = props;
  const [open, setOpen] = useState(false);
  const traceId = useId();
  const state = triggerState(trigger, props.turn);
  const notes = [
    trigger.firing === null ? null : `cascade depth ${trigger.firing.depth}`,
    state === 'fired' && trigger.firing === null ? 'when Stage 4 was reconciled' : null,
    trigger.firing?.provisional === true ? 'on a provisional judgment' : null,
    state === 'fired' && !trigger.active ? 'now spent' : null,
    trigger.lastFiredTurn === null || state === 'fired' ? null : `last fired turn ${trigger.lastFiredTurn}`,
  ].filter((note) => note !== null);
  return (
    <li className={`trigger ${state}`} data-trigger={trigger.id}>
      <div className="trigger-line">
        <span className={`trigger-state ${state}`}>{TRIGGER_STATE_LABEL[state]}</span>
        <code className="trigger-id">{trigger.id}</code>
        <span className="muted">
          {props.names(trigger.subscriber)} · {trigger.tier.replaceAll('_', ' ')}
        </span>
        <button
          type="button"
          className="quiet trace-toggle"
          aria-expanded={open}
          aria-controls={open ? traceId : undefined}
          onClick={() => setOpen(!open)}
        >
          Why <span className="sr-only">{trigger.id}</span>
        </button>
      </div>
      {notes.length > 0 && <p className="trigger-notes muted">{notes.join(' · ')}</p>}
      {open && (
        <ul
          className="trace-tree"
          id={traceId}
          aria-label={`Why ${trigger.id} ${state === 'spent' ? 'is spent' : state}`}
        >
          <TraceTree node={trigger.trace} />
        </ul>
      )}
    </li>
  );
}
