import type { UnreadableSave } from '../engine.ts';

/** Files in the saves folder that could not be opened, and why. */
export function UnreadableSaves(props: { readonly saves: readonly UnreadableSave[] }) {
  if (props.saves.length === 0) return null;
  return (
    <section className="unreadable">
      <h2>Saves that could not be opened</h2>
      <ul>
        {props.saves.map((save) => (
          <li key={save.id}>
            <code>{save.id}</code> — {save.error.message}
          </li>
        ))}
      </ul>
    </section>
  );
}
