import type { StandingView } from '../engine.ts';

/** `trust +0.60 · fear −0.20`: each dimension of one side, signed, as the engine keeps it (−1…1). */
export function standingValues(values: StandingView['values']): string {
  return Object.entries(values)
    .map(
      ([dimension, value]) =>
        `${dimension.replace(/[-_]/gu, ' ')} ${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(2)}`,
    )
    .join(' · ');
}

/** How a character stands with others, its own side of each pair; a strong side counts for the simulation planner. */
export function StandingList(props: { readonly standings: readonly StandingView[]; readonly label: string }) {
  if (props.standings.length === 0) return <p className="muted">No standings yet.</p>;
  return (
    <ul className="standing-list" aria-label={props.label}>
      {props.standings.map((side) => (
        <li key={side.to} className={side.strong ? 'standing strong' : 'standing'} data-to={side.to}>
          <span className="standing-name">{side.toName}</span>{' '}
          <span className="standing-values">{standingValues(side.values)}</span>
          {side.strong && <span className="muted"> · strong</span>}
          {side.why !== '' && <span className="muted standing-why"> — {side.why}</span>}
        </li>
      ))}
    </ul>
  );
}
