import type { CommandHint } from './commands.ts';

/** The /commands matching what has been typed; click or Tab/Enter to take one. */
export function CommandMenu(props: {
  readonly commands: readonly CommandHint[];
  readonly selected: number;
  readonly onChoose: (index: number) => void;
}) {
  return (
    <ul className="command-menu" role="listbox" aria-label="Commands">
      {props.commands.map((command, index) => (
        <li
          key={command.name}
          role="option"
          aria-selected={index === props.selected}
          className={index === props.selected ? 'selected' : ''}
          onMouseDown={(event) => {
            event.preventDefault();
            props.onChoose(index);
          }}
        >
          <code>{command.usage}</code>
          <span>{command.summary}</span>
        </li>
      ))}
    </ul>
  );
}
