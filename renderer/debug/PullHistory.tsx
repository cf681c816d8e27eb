import type { LandscapeView } from '../engine.ts';
import { historyShares } from './landscape-chart.ts';
import { formatFigure } from './storykeeper-format.ts';

/** The strongest pull of each of the last turns as a strip of bars, the turn shown last; each bar names its scene. */
export function PullHistory(props: {
  readonly history: LandscapeView['history'];
  readonly titleOf: (id: string) => string;
}) {
  const shares = historyShares(props.history);
  return (
    <section className="pull-history">
      <h4>Strongest pull, last {props.history.length} turns</h4>
      <ol>
        {props.history.map((entry, index) => {
          const said =
            entry.attractor === null
              ? `Turn ${entry.turn}: nothing attracts`
              : `Turn ${entry.turn}: ${props.titleOf(entry.attractor)}, pull ${formatFigure(entry.pull)}`;
          return (
            <li key={entry.turn} title={said} data-turn={entry.turn} data-attractor={entry.attractor ?? ''}>
              <span className="pull-bar" style={{ height: `${Math.round((shares[index] ?? 0) * 100)}%` }} />
              <span className="pull-turn" aria-hidden="true">
                {entry.turn}
              </span>
              <span className="sr-only">{said}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
