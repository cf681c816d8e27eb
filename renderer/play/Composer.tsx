import { useRef, useState, type KeyboardEvent } from 'react';
import type { Draft } from '../stores/play-types.ts';
import { completeCommand, matchCommands } from './commands.ts';
import { CommandMenu } from './CommandMenu.tsx';

interface Props {
  readonly draft: Draft;
  readonly busy: boolean;
  readonly disabled: boolean;
  readonly onDraft: (draft: Draft) => void;
  readonly onSubmit: (text: string, thought: string) => void;
  readonly onCancel: () => void;
}

/** What you do next (and, if you like, what you think): Enter sends; /commands complete as you type. */
export function Composer({ draft, busy, disabled, onDraft, onSubmit, onCancel }: Props) {
  const [selected, setSelected] = useState(0);
  const intention = useRef<HTMLTextAreaElement>(null);
  const matches = matchCommands(draft.text);
  const choose = (index: number) => {
    const command = matches[index];
    if (command !== undefined) onDraft({ ...draft, text: completeCommand(command) });
    setSelected(0);
    intention.current?.focus();
  };
  const send = () => {
    if (busy || draft.text.trim() === '') return;
    onSubmit(draft.text, draft.text.trim().startsWith('/') ? '' : draft.thought);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (matches.length > 0 && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      setSelected((selected + (event.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
    } else if (matches.length > 0 && (event.key === 'Tab' || event.key === 'Enter') && !event.shiftKey) {
      event.preventDefault();
      choose(Math.min(selected, matches.length - 1));
    } else if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  };
  return (
    <form className="composer" onSubmit={(event) => (event.preventDefault(), send())}>
      {matches.length > 0 && <CommandMenu commands={matches} selected={selected} onChoose={choose} />}
      <textarea
        ref={intention}
        className="intention-input"
        aria-label="Your intention"
        placeholder="What do you do?"
        rows={2}
        value={draft.text}
        disabled={disabled}
        autoFocus
        onChange={(event) => onDraft({ ...draft, text: event.target.value })}
        onKeyDown={onKeyDown}
      />
      <input
        className="thought-input"
        aria-label="Your thought (optional)"
        placeholder="A private thought (optional)"
        value={draft.thought}
        disabled={disabled}
        onChange={(event) => onDraft({ ...draft, thought: event.target.value })}
        onKeyDown={onKeyDown}
      />
      <div className="composer-footer">
        <span className="hint">Enter to send · / for commands · Alt+Z undo · Alt+R retry · Alt+D debug</span>
        {busy ? (
          <button type="button" className="quiet" onClick={onCancel}>
            Stop
          </button>
        ) : (
          <button type="submit" className="primary" disabled={disabled || draft.text.trim() === ''}>
            Send
          </button>
        )}
      </div>
    </form>
  );
}
