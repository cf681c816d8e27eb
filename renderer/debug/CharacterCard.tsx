import type { ChronicleCharacterView, KnowledgeGraphView, PendingInteractionView } from '../engine.ts';
import { KnowledgeList } from './KnowledgeList.tsx';
import { PendingList } from './PendingList.tsx';
import { StateList } from './StateList.tsx';
import { StandingList } from './StandingList.tsx';
import { SummaryItem } from './SummaryItem.tsx';
import { TierBadge } from './TierBadge.tsx';
import { CreatedBadge } from './CreatedBadge.tsx';

/** One character as of the turn: tier, states, where its off-screen life left it, who it seeks, what it knows. */
export function CharacterCard(props: {
  readonly character: ChronicleCharacterView;
  readonly pending: readonly PendingInteractionView[];
  readonly graph: KnowledgeGraphView | undefined;
}) {
  const { character } = props;
  return (
    <section className="character-card" aria-label={character.name} data-character={character.id}>
      <h3>
        {character.name} <TierBadge tier={character.tier} /> <CreatedBadge created={character.created} />
      </h3>
      <dl className="character-facts">
        {character.created !== null && (
          <SummaryItem term="Created">{`by the story in turn ${character.created.turn}: ${character.created.why}`}</SummaryItem>
        )}
        <SummaryItem term="Last simulated">{character.lastSimulated ?? 'never'}</SummaryItem>
        <SummaryItem term="Situation">{character.situation === '' ? '—' : character.situation}</SummaryItem>
      </dl>
      <h4>States</h4>
      <StateList states={character.states} label={`States of ${character.name}`} />
      <h4>Standings</h4>
      <StandingList standings={character.standings} label={`Standings of ${character.name}`} />
      <h4>Pending interactions</h4>
      <PendingList pending={props.pending} label={`Pending interactions of ${character.name}`} />
      <h4>Knowledge graph</h4>
      <KnowledgeList graph={props.graph} label={`Knowledge of ${character.name}`} />
    </section>
  );
}
