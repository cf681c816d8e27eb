import { useId } from 'react';
import type { LandscapeView } from '../engine.ts';
import { ChartAxes } from './ChartAxes.tsx';
import { ChartLegend } from './ChartLegend.tsx';
import { PlayerMark } from './PlayerMark.tsx';
import { ScenePointMark } from './ScenePointMark.tsx';
import { CHART, chartLayout } from './landscape-chart.ts';
import { chartDescription, chartTitle, playerTitle } from './landscape-words.ts';

/**
 * Every scene by narrative distance (across) and pull (up, by decades), coloured by state; the strongest attractor
 * ringed and named, the player at distance 0. The scene table below says the same in words.
 */
export function LandscapeChart(props: { readonly view: LandscapeView; readonly titleOf: (id: string) => string }) {
  const { view, titleOf } = props;
  const id = useId();
  const layout = chartLayout(view);
  return (
    <figure className="landscape-chart">
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{chartTitle(view)}</title>
        <desc id={`${id}-desc`}>{chartDescription(view, titleOf)}</desc>
        <ChartAxes layout={layout} />
        <PlayerMark x={layout.x(0)} y={CHART.height - CHART.bottom} title={playerTitle(view, titleOf)} />
        {layout.points.map((point) => (
          <ScenePointMark key={point.id} point={point} />
        ))}
      </svg>
      <figcaption>
        <ChartLegend states={view.scenes.map((scene) => scene.state)} />
        <span className="muted">Distance across (0 is where you stand), pull up on a log scale.</span>
      </figcaption>
    </figure>
  );
}
