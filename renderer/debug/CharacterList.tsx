import type { ChronicleCharacterView } from '../engine.ts';
import { WORLD_GRAPH } from '../stores/picked-graph.ts';
import { CreatedBadge } from './CreatedBadge.tsx';
import { TierBadge } from './TierBadge.tsx';

/** Whom the Characters panel shows: every character of the story with its tier, and the World KG after them. */
export function CharacterList(props: {
  readonly characters: readonly ChronicleCharacterView[];
  readonly picked: string;
  readonly onPick: (graph: string) => void;
}) {
  const choices = [
    ...props.characters.map(({ id, name, tier, created }) => ({ id, name, tier, created })),
    { id: WORLD_GRAPH, name: 'World KG', tier: null, created: null },
  ];
  return (
    <ul className="character-list" aria-label="Characters">
      {choices.map((choice) => (
        <li key={choice.id}>
          <button
            type="button"
            className={choice.id === props.picked ? 'character-choice picked' : 'character-choice'}
            aria-pressed={choice.id === props.picked}
            data-graph={choice.id}
            onClick={() => props.onPick(choice.id)}
          >
            <span className="character-name">{choice.name}</span>
            {choice.tier !== null && <TierBadge tier={choice.tier} />}
            <CreatedBadge created={choice.created} />
          </button>
        </li>
      ))}
    </ul>
  );
}
