import { useEffect, useMemo, type ReactNode } from 'react';
import type { StreamMessage } from '../engine.ts';
import type { PendingMessage } from '../stores/play-types.ts';
import type { NameOf } from './names.ts';
import { isVisible } from './visible.ts';
import { MessageView } from './MessageView.tsx';
import { useVirtualList } from './use-virtual-list.ts';

interface Props {
  readonly messages: readonly StreamMessage[];
  readonly pending: readonly PendingMessage[];
  readonly personaId: string;
  readonly sandbox: boolean;
  readonly names: NameOf;
  readonly opening: string | null;
  readonly hasOlder: boolean;
  readonly loadingOlder: boolean;
  readonly onLoadOlder: () => void;
  readonly children?: ReactNode;
}

/** Rows from the top at which the next older page is fetched. */
const LOAD_AHEAD = 30;

/**
 * The prose, virtualized: only the rows near the viewport are in the document (heights measured as they render);
 * older pages are fetched as the reader scrolls up to them.
 */
export function Stream(props: Props) {
  const { onLoadOlder, hasOlder, loadingOlder } = props;
  const visible = useMemo(
    () => props.messages.filter((message) => isVisible(message, props.personaId, props.sandbox)),
    [props.messages, props.personaId, props.sandbox],
  );
  const keys = useMemo(() => visible.map((message) => message.id), [visible]);
  const pending = props.pending.filter((message) => isVisible(message, props.personaId, props.sandbox));
  const list = useVirtualList(keys, [props.pending, props.children]);
  const nearTop = list.range.start < LOAD_AHEAD;
  useEffect(() => {
    if (nearTop && hasOlder && !loadingOlder) onLoadOlder();
  }, [nearTop, hasOlder, loadingOlder, onLoadOlder]);
  return (
    <div className="stream" ref={list.scrollerRef} data-testid="stream">
      <div className="stream-column">
        {props.hasOlder &&
          (props.loadingOlder ? (
            <p className="loading-older">Finding earlier pages…</p>
          ) : (
            <button type="button" className="quiet earlier" onClick={props.onLoadOlder}>
              Show earlier pages
            </button>
          ))}
        {!props.hasOlder && props.opening !== null && <p className="opening">{props.opening}</p>}
        <div
          ref={list.listRef}
          className="stream-list"
          style={{ paddingTop: list.before, paddingBottom: list.after }}
          data-rows={visible.length}
        >
          {visible.slice(list.range.start, list.range.end).map((message) => (
            <div key={message.id} className="stream-item" data-key={message.id} ref={list.measure}>
              <MessageView message={message} personaId={props.personaId} names={props.names} />
            </div>
          ))}
        </div>
        {pending.map((message, index) => (
          <MessageView
            key={message.pendingId}
            message={{ ...message, content: message.text }}
            personaId={props.personaId}
            names={props.names}
            pending={index === pending.length - 1 ? 'writing' : 'waiting'}
          />
        ))}
        {props.children}
      </div>
    </div>
  );
}
