import { labelPlacement, type ScenePoint } from './landscape-chart.ts';
import { pointTitle } from './landscape-words.ts';

/** One scene on the chart: a dot in its state's colour; the attractor ringed and named, the current scene named. */
export function ScenePointMark(props: { readonly point: ScenePoint }) {
  const { point } = props;
  const label = labelPlacement(point);
  const classes = ['scene-point', `state-${point.state}`];
  if (point.attractor) classes.push('attractor');
  if (point.current) classes.push('current');
  return (
    <g className={classes.join(' ')} data-scene={point.id} transform={`translate(${point.x} ${point.y})`}>
      <title>{pointTitle(point)}</title>
      {point.attractor && <circle className="attractor-ring" r={9} />}
      <circle className="scene-dot" r={5} />
      {label !== null && (
        <text className="scene-label" x={label.x} y={label.y} dy="0.32em" textAnchor={label.anchor}>
          {point.title}
        </text>
      )}
    </g>
  );
}
