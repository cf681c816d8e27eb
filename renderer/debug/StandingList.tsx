import type { StandingView } from '../engine.ts';

/** How a character stands with others, its own side of each pair; a strong side counts for the simulation planner. */
export function StandingList(props: { readonly standings: readonly StandingView[]; readonly label: string }) {
  if (props.standings.length === 0) return <p className="muted">No standings yet.</p>;
  return (
    <ul className="standing-list" aria-label={props.label}>
      {props.standings.map((side) => (
        <li key={side.to} className={side.strong ? 'standing strong' : 'standing'} data-to={side.to}>
          <span className="standing-name">{side.toName}</span> <span className="standing-values">{side.text}</span>
          {side.strong && <span className="muted"> · strong</span>}
          {side.why !== '' && <span className="muted standing-why"> — {side.why}</span>}
        </li>
      ))}
    </ul>
  );
}
