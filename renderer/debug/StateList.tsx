import type { CharacterState } from './character-format.ts';
import { isManifest, statesByLevel } from './character-format.ts';

/** A character's states, strongest first; those below level 6 are subconscious (only its extractor sees them). */
export function StateList(props: { readonly states: readonly CharacterState[]; readonly label: string }) {
  if (props.states.length === 0) return <p className="muted">No states.</p>;
  return (
    <ul className="state-list" aria-label={props.label}>
      {statesByLevel(props.states).map((state) => (
        <li key={`${state.category}:${state.name}`} className={isManifest(state) ? 'state' : 'state subconscious'}>
          <span className="state-name">{state.name}</span>{' '}
          <span className="muted">
            {state.category} · level {state.level}
            {isManifest(state) ? '' : ' · subconscious'}
          </span>
        </li>
      ))}
    </ul>
  );
}
