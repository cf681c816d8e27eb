import type { ChronicleView } from '../engine.ts';

/** What the characters did off-screen in the last simulation cycle, in in-world order. */
export function LastCycle(props: { readonly cycle: ChronicleView['lastCycle'] }) {
  const { cycle } = props;
  return (
    <section className="last-cycle" aria-label="Last simulation">
      <h3>Last simulation</h3>
      {cycle === null ? (
        <p className="muted">Nobody has lived off-screen yet.</p>
      ) : (
        <>
          <p className="muted">
            Cycle {cycle.cycle}, at {cycle.at}
          </p>
          {cycle.events.length === 0 ? (
            <p className="muted">Nothing of note happened.</p>
          ) : (
            <ol className="storykeeper-list" aria-label={`Events of cycle ${cycle.cycle}`}>
              {cycle.events.map((event, index) => (
                <li key={index}>
                  <span className="muted">
                    {event.when}
                    {event.where === null ? '' : ` · ${event.where}`}
                  </span>{' '}
                  {event.event}
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
