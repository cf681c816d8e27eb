import { useState } from 'react';
import type { PackSummary } from '../engine.ts';

/** New game: choose who you will be (the pack's default is chosen already), then begin. */
export function NewGame(props: { readonly pack: PackSummary; readonly onBegin: (personaId: string | null) => void }) {
  const { pack } = props;
  const [chosen, setChosen] = useState(pack.defaultPersona ?? pack.personas[0]?.id ?? null);
  const [starting, setStarting] = useState(false);
  return (
    <fieldset className="new-game">
      <legend>New game — play as</legend>
      {pack.personas.map((persona) => (
        <label key={persona.id} className={`persona${chosen === persona.id ? ' chosen' : ''}`}>
          <input
            type="radio"
            name={`persona-${pack.id}`}
            value={persona.id}
            checked={chosen === persona.id}
            onChange={() => setChosen(persona.id)}
          />
          <span className="persona-name">{persona.name}</span>
          <span className="persona-description">{persona.description}</span>
        </label>
      ))}
      <button
        type="button"
        className="primary"
        disabled={starting}
        onClick={() => {
          setStarting(true);
          props.onBegin(chosen);
        }}
      >
        Begin {pack.title}
      </button>
    </fieldset>
  );
}
