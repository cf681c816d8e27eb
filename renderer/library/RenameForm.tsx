import { useState } from 'react';

/** An inline title editor: Enter saves, Escape leaves it as it was. */
export function RenameForm(props: { readonly initial: string; readonly onDone: (title: string | null) => void }) {
  const [title, setTitle] = useState(props.initial);
  const save = () => props.onDone(title.trim() === '' ? null : title.trim());
  return (
    <form
      className="rename-form"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <input
        aria-label="Save title"
        value={title}
        autoFocus
        maxLength={200}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') props.onDone(null);
        }}
      />
      <button type="submit" className="quiet">
        Save
      </button>
      <button type="button" className="quiet" onClick={() => props.onDone(null)}>
        Cancel
      </button>
    </form>
  );
}
