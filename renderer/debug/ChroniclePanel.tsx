import type { ChronicleView, TurnRecord } from '../engine.ts';
import { LastCycle } from './LastCycle.tsx';
import { PendingList } from './PendingList.tsx';
import { StoryState } from './StoryState.tsx';
import { TookIn } from './TookIn.tsx';
import { TurnViewGate } from './TurnViewGate.tsx';
import { WriterGuidance } from './WriterGuidance.tsx';

/**
 * The Chronicler as of the turn picked: the guidance for the next scene opening, the story's state, the last
 * off-screen cycle and who is seeking the protagonist. Before the first scene boundary, why there is none.
 */
export function ChroniclePanel(props: {
  readonly turn: TurnRecord | undefined;
  readonly view: ChronicleView | undefined;
}) {
  return (
    <TurnViewGate turn={props.turn} view={props.view} what="chronicle">
      {(view) => (
        <div className="storykeeper-panel chronicle-panel">
          {view.chronicle === null ? (
            <p className="chronicle-empty muted">
              No scene boundary has run yet. The Chronicler writes at the end of a scene.
            </p>
          ) : (
            <>
              <p className="chronicle-headline">
                <strong>Cycle {view.chronicle.cycle}</strong>{' '}
                <span className="muted">
                  at {view.chronicle.at}, after turn {view.turn}
                </span>
              </p>
              <WriterGuidance guidance={view.chronicle.writer_guidance} />
              <StoryState state={view.chronicle.story_state} />
              <TookIn events={view.chronicle.took_in} />
            </>
          )}
          <LastCycle cycle={view.lastCycle} />
          <section className="pending-interactions" aria-label="Pending interactions">
            <h3>Pending interactions</h3>
            <PendingList pending={view.pending} label="Pending interactions by urgency" />
          </section>
        </div>
      )}
    </TurnViewGate>
  );
}
