import { CHART, type ScenePoint } from './landscape-chart.ts';
import { formatFigure } from './storykeeper-format.ts';

/** One scene on the chart: a dot in its state's colour; the attractor ringed and named, the current scene named. */
export function ScenePointMark(props: { readonly point: ScenePoint }) {
  const { point } = props;
  // Near the right edge a label would run off the chart: it goes to the left of the dot instead.
  const leftward = point.x > CHART.width * 0.7;
  const classes = [
    'scene-point',
    `state-${point.state}`,
    point.attractor ? 'attractor' : '',
    point.current ? 'current' : '',
  ];
  return (
    <g
      className={classes.filter(Boolean).join(' ')}
      data-scene={point.id}
      transform={`translate(${point.x} ${point.y})`}
    >
      <title>
        {point.title}: {point.state}, distance {formatFigure(point.distance)}, pull {formatFigure(point.pull)}
        {point.attractor ? ', the strongest attractor' : ''}
      </title>
      {point.attractor && <circle className="attractor-ring" r={9} />}
      <circle className="scene-dot" r={5} />
      {(point.attractor || point.current) && (
        <text className="scene-label" x={leftward ? -12 : 12} dy="0.32em" textAnchor={leftward ? 'end' : 'start'}>
          {point.title}
        </text>
      )}
    </g>
  );
}
