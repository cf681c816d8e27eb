/**
 * The simulation events the Chronicler read this cycle: the cycle before's, never its own (it runs beside the
 * simulation, so what the characters do now reaches it at the next boundary).
 */
export function TookIn(props: { readonly events: readonly string[] }) {
  if (props.events.length === 0) return null;
  return (
    <div className="chronicle-section">
      <h4>Took in from the cycle before</h4>
      <ul className="storykeeper-list" aria-label="Took in from the cycle before">
        {props.events.map((event) => (
          <li key={event}>{event}</li>
        ))}
      </ul>
    </div>
  );
}
