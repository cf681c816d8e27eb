import { useState } from 'react';
import type { PackSummary } from '../engine.ts';

/** What a new game starts as: the persona, and the card greeting it opens on (null: none). */
export interface NewGameChoice {
  readonly personaId: string | null;
  readonly greeting: number | null;
}

/** How much of a greeting the dialog shows; the whole text opens the game. */
const PREVIEW_CHARACTERS = 220;

/**
 * New game: choose who you will be (the pack's default is chosen already) and, for a story made from character cards,
 * which greeting opens it (the first is chosen already), then begin.
 */
export function NewGame(props: { readonly pack: PackSummary; readonly onBegin: (choice: NewGameChoice) => void }) {
  const { pack } = props;
  const [chosen, setChosen] = useState(pack.defaultPersona ?? pack.personas[0]?.id ?? null);
  const [greeting, setGreeting] = useState<number | null>(pack.greetings.length > 0 ? 0 : null);
  const [starting, setStarting] = useState(false);
  const names = new Map(pack.characters.map((character) => [character.id, character.name]));
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
      {pack.greetings.length > 0 && (
        <fieldset className="greetings" aria-label="Opening">
          <legend>Opening</legend>
          {pack.greetings.map((entry, index) => (
            <label key={index} className={`persona greeting${greeting === index ? ' chosen' : ''}`}>
              <input
                type="radio"
                name={`greeting-${pack.id}`}
                value={index}
                checked={greeting === index}
                onChange={() => setGreeting(index)}
              />
              <span className="persona-name">
                {names.get(entry.character) ?? entry.character}: greeting {index + 1}
              </span>
              <span className="persona-description">{preview(entry.text)}</span>
            </label>
          ))}
          <label className={`persona greeting${greeting === null ? ' chosen' : ''}`}>
            <input
              type="radio"
              name={`greeting-${pack.id}`}
              value="none"
              checked={greeting === null}
              onChange={() => setGreeting(null)}
            />
            <span className="persona-name">No greeting</span>
            <span className="persona-description">The story opens on its first place alone.</span>
          </label>
        </fieldset>
      )}
      <button
        type="button"
        className="primary"
        disabled={starting}
        onClick={() => {
          setStarting(true);
          props.onBegin({ personaId: chosen, greeting });
        }}
      >
        Begin {pack.title}
      </button>
    </fieldset>
  );
}

function preview(text: string): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return flat.length <= PREVIEW_CHARACTERS ? flat : `${flat.slice(0, PREVIEW_CHARACTERS).trimEnd()}…`;
}
