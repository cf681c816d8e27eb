/** A panel whose data the engine does not produce yet: it says so instead of showing anything made up. */
export function LaterPanel(props: { readonly title: string; readonly issue: string }) {
  return (
    <section className="later-panel">
      <h3>{props.title}</h3>
      <p className="muted">Arrives with {props.issue}. Nothing is shown until the engine records it.</p>
    </section>
  );
}
