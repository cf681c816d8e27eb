/** The player on the chart: a diamond at narrative distance 0, where every distance is measured from. */
export function PlayerMark(props: { readonly x: number; readonly y: number; readonly title: string }) {
  return (
    <g className="player-mark" transform={`translate(${props.x} ${props.y})`}>
      <title>{props.title}</title>
      <path d="M0 -7 L6 0 L0 7 L-6 0 Z" />
      <text x={9} y={-7}>
        you
      </text>
    </g>
  );
}
