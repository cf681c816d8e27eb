import { useId } from 'react';
import type { LandscapeView } from '../engine.ts';
import { ChartAxes } from './ChartAxes.tsx';
import { ScenePointMark } from './ScenePointMark.tsx';
import { CHART, chartLayout } from './landscape-chart.ts';
import { formatFigure } from './storykeeper-format.ts';

/**
 * Every scene by narrative distance (across) and pull (up, by decades), coloured by state; the strongest attractor
 * ringed and named, the player at distance 0. The scene table below says the same in words.
 */
export function LandscapeChart(props: { readonly view: LandscapeView; readonly titleOf: (id: string) => string }) {
  const { view } = props;
  const id = useId();
  const layout = chartLayout(view);
  const attractor = view.strongestAttractor;
  const floor = CHART.height - CHART.bottom;
  return (
    <figure className="landscape-chart">
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>Gravitational landscape as of turn {view.turn}</title>
        <desc id={`${id}-desc`}>
          {view.scenes.length} scenes by narrative distance and pull;{' '}
          {attractor === null
            ? 'no scene attracts.'
            : `the strongest attractor is ${props.titleOf(attractor.id)}, pull ${formatFigure(attractor.pull)}.`}{' '}
          The table of scenes below gives every figure.
        </desc>
        <ChartAxes layout={layout} />
        <g className="player-mark" transform={`translate(${layout.x(0)} ${floor})`}>
          <title>
            You{view.location === null ? '' : `, at ${view.location}`}
            {view.currentScene === null ? '' : `, in ${props.titleOf(view.currentScene)}`}
          </title>
          <path d="M0 -7 L6 0 L0 7 L-6 0 Z" />
          <text y={-10}>you</text>
        </g>
        {layout.points.map((point) => (
          <ScenePointMark key={point.id} point={point} />
        ))}
      </svg>
      <figcaption className="muted">
        Distance across (0 is where you stand), pull up on a log scale. Ringed: the strongest attractor.
      </figcaption>
    </figure>
  );
}
