import { useMemo, useState, type ReactNode } from 'react';
import type { StreamMessage } from '../engine.ts';
import type { PendingMessage } from '../stores/play-types.ts';
import type { NameOf } from './names.ts';
import { isVisible } from './visible.ts';
import { MessageView } from './MessageView.tsx';
import { useStickToBottom } from './use-stick-to-bottom.ts';

interface Props {
  readonly messages: readonly StreamMessage[];
  readonly pending: readonly PendingMessage[];
  readonly personaId: string;
  readonly sandbox: boolean;
  readonly names: NameOf;
  readonly opening: string | null;
  readonly hasOlder: boolean;
  readonly onLoadOlder: () => void;
  readonly children?: ReactNode;
}

const WINDOW = 120;

/** The prose, windowed: only the last pages are in the document; earlier ones come back on request. */
export function Stream(props: Props) {
  const [shown, setShown] = useState(WINDOW);
  const visible = useMemo(
    () => props.messages.filter((message) => isVisible(message, props.personaId, props.sandbox)),
    [props.messages, props.personaId, props.sandbox],
  );
  const pending = props.pending.filter((message) => isVisible(message, props.personaId, props.sandbox));
  const hidden = Math.max(0, visible.length - shown);
  const ref = useStickToBottom([visible.length, props.pending, props.children]);
  const showEarlier = () => {
    if (hidden === 0) props.onLoadOlder();
    setShown(shown + WINDOW);
  };
  return (
    <div className="stream" ref={ref} data-testid="stream">
      <div className="stream-column">
        {(hidden > 0 || props.hasOlder) && (
          <button type="button" className="quiet earlier" onClick={showEarlier}>
            Show earlier pages
          </button>
        )}
        {!props.hasOlder && hidden === 0 && props.opening !== null && <p className="opening">{props.opening}</p>}
        {visible.slice(hidden).map((message) => (
          <MessageView key={message.id} message={message} personaId={props.personaId} names={props.names} />
        ))}
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
