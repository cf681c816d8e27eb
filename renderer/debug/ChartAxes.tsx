import { CHART, type ChartLayout } from './landscape-chart.ts';
import { formatDecade } from './storykeeper-format.ts';

/** The chart's two axes with their ticks and gridlines: distance along the bottom, pull by decades up the left. */
export function ChartAxes(props: { readonly layout: ChartLayout }) {
  const { x, y, xTicks, yTicks } = props.layout;
  const floor = CHART.height - CHART.bottom;
  const right = CHART.width - CHART.right;
  return (
    <g className="chart-axes" aria-hidden="true">
      {yTicks.map((tick) => (
        <g key={`y${tick}`} transform={`translate(0 ${y(tick)})`}>
          <line className="chart-grid" x1={CHART.left} x2={right} />
          <text className="tick-label" x={CHART.left - 6} dy="0.32em" textAnchor="end">
            {formatDecade(tick)}
          </text>
        </g>
      ))}
      {xTicks.map((tick) => (
        <text key={`x${tick}`} className="tick-label" x={x(tick)} y={floor + 14} textAnchor="middle">
          {tick}
        </text>
      ))}
      <line className="chart-axis" x1={CHART.left} x2={right} y1={floor} y2={floor} />
      <line className="chart-axis" x1={CHART.left} x2={CHART.left} y1={CHART.top} y2={floor} />
      <text className="axis-label" x={right} y={CHART.height - 4} textAnchor="end">
        narrative distance →
      </text>
      <text className="axis-label" transform={`translate(12 ${CHART.top}) rotate(-90)`} textAnchor="end">
        pull (log) →
      </text>
    </g>
  );
}
