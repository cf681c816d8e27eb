import type { StreamMessage } from '../engine.ts';
import type { NameOf } from './names.ts';
import { DialogLine } from './DialogLine.tsx';
import { InnerLine } from './InnerLine.tsx';

interface Props {
  readonly message: Pick<StreamMessage, 'type' | 'owner' | 'content' | 'mood'>;
  readonly personaId: string;
  readonly names: NameOf;
  /** A message of the turn in progress: the last one is being written, earlier ones wait for the turn to commit. */
  readonly pending?: 'writing' | 'waiting' | false;
}

/** One message of the stream, in the style of its kind. */
export function MessageView({ message, personaId, names, pending = false }: Props) {
  const state = pending === false ? '' : ` pending ${pending}`;
  switch (message.type) {
    case 'narration':
      return <p className={`msg narration${state}`}>{message.content}</p>;
    case 'dialog':
      return <DialogLine speaker={names(message.owner)} mood={message.mood} text={message.content} state={state} />;
    case 'intention':
    case 'thought':
      return (
        <InnerLine
          kind={message.type}
          own={message.owner === personaId}
          name={names(message.owner)}
          text={message.content}
          state={state}
        />
      );
    case 'scene_marker':
      return (
        <div className={`msg scene-marker${state}`} role="separator">
          <span>{message.content}</span>
        </div>
      );
    case 'system':
      return null;
  }
}
