import { SCENE_STATES } from '../engine.ts';

/** What each mark on the chart means: one swatch per scene state shown, the attractor's ring, and the player. */
export function ChartLegend(props: { readonly states: readonly string[] }) {
  const shown = new Set(props.states);
  const states = [...SCENE_STATES.filter((state) => shown.has(state)), ...[...shown].filter(isUnlisted)];
  return (
    <ul className="chart-legend" aria-label="Chart legend">
      {states.map((state) => (
        <li key={state} className={`state-${state}`}>
          <span className="legend-swatch" aria-hidden="true" />
          {state}
        </li>
      ))}
      <li className="legend-attractor">
        <span className="legend-swatch" aria-hidden="true" />
        strongest attractor
      </li>
      <li className="legend-player">
        <span className="legend-swatch" aria-hidden="true" />
        you
      </li>
    </ul>
  );
}

const isUnlisted = (state: string) => !(SCENE_STATES as readonly string[]).includes(state);
