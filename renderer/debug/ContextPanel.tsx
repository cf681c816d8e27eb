import type { ContextView, TurnRecord } from '../engine.ts';
import { CandidateItem } from './CandidateItem.tsx';
import { TurnViewGate } from './TurnViewGate.tsx';
import { contextHeadline } from './context-summary.ts';
import { PreambleLore } from './PreambleLore.tsx';

/**
 * How the Narrator's retrieved tier was chosen in the turn picked: every candidate with the factors of its score,
 * selected or dropped and why. What an information boundary withholds stays out: the engine never sends its text.
 */
export function ContextPanel(props: { readonly turn: TurnRecord | undefined; readonly view: ContextView | undefined }) {
  return (
    <TurnViewGate turn={props.turn} view={props.view} what="retrieved context">
      {(view) =>
        view.classified ? (
          <div className="storykeeper-panel context-panel">
            <p className="context-headline">
              <strong>{contextHeadline(view)}</strong> <span className="muted">in turn {view.turn}</span>
            </p>
            <ol className="candidate-list" aria-label={`Candidates of turn ${view.turn}`}>
              {view.candidates.map((candidate) => (
                <CandidateItem key={candidate.id} candidate={candidate} />
              ))}
            </ol>
            <PreambleLore view={view} />
          </div>
        ) : (
          <p className="muted">
            Turn {view.turn} classified no input (a command such as /end scene): the Narrator retrieved nothing.
          </p>
        )
      }
    </TurnViewGate>
  );
}
