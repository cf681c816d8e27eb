import type { ChronicleView, KnowledgeGraphView, TurnRecord } from '../engine.ts';
import { knowledgeKey, pickedGraph } from '../stores/picked-graph.ts';
import { CharacterCard } from './CharacterCard.tsx';
import { CharacterList } from './CharacterList.tsx';
import { KnowledgeList } from './KnowledgeList.tsx';
import { TurnViewGate } from './TurnViewGate.tsx';

/**
 * The story's characters as of the turn picked: pick one to see its tier, states, last simulation, the interactions
 * it seeks and its knowledge graph; or the World KG, what everyone may know.
 */
export function CharactersPanel(props: {
  readonly turn: TurnRecord | undefined;
  readonly view: ChronicleView | undefined;
  readonly picked: string | null;
  /** Knowledge graphs read so far, per `knowledgeKey`. */
  readonly knowledge: Readonly<Record<string, KnowledgeGraphView>>;
  readonly onPick: (graph: string) => void;
}) {
  return (
    <TurnViewGate turn={props.turn} view={props.view} what="characters">
      {(view) => {
        const graph = pickedGraph(props.picked, view);
        const known = props.turn === undefined ? undefined : props.knowledge[knowledgeKey(props.turn.id, graph)];
        const character = view.characters.find((candidate) => candidate.id === graph);
        return (
          <div className="storykeeper-panel characters-panel">
            <CharacterList characters={view.characters} picked={graph} onPick={props.onPick} />
            {character === undefined ? (
              <section className="character-card" aria-label="World KG">
                <h3>World KG</h3>
                <KnowledgeList graph={known} label="World knowledge" />
              </section>
            ) : (
              <CharacterCard
                character={character}
                pending={view.pending.filter((item) => item.character === character.id)}
                graph={known}
              />
            )}
          </div>
        );
      }}
    </TurnViewGate>
  );
}
