import type { LandscapeView } from '../engine.ts';

/** Every information gate: open or closed, whether it has fired, and who has been told what it guards. */
export function GateList(props: { readonly gates: LandscapeView['gates'] }) {
  return (
    <section className="storykeeper-list">
      <h4>Information gates</h4>
      {props.gates.length === 0 ? (
        <p className="muted">The story guards nothing behind a gate.</p>
      ) : (
        <ul>
          {props.gates.map((gate) => (
            <li key={gate.id} data-gate={gate.id}>
              <code>{gate.id}</code>{' '}
              <span className={gate.open ? 'standing refined' : 'standing'}>{gate.open ? 'open' : 'closed'}</span>
              {gate.fired && <span className="muted"> fired</span>}
              {gate.knownBy.length > 0 && <span className="muted"> · known to {gate.knownBy.join(', ')}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
