import type { LandscapeView } from '../engine.ts';
import { formatFigure } from './storykeeper-format.ts';

/** The prophecies still casting forward: their kind, the scene they bend towards, and how strongly. */
export function ProphecyList(props: {
  readonly prophecies: LandscapeView['prophecies'];
  readonly titleOf: (id: string) => string;
}) {
  return (
    <section className="storykeeper-list">
      <h4>Prophecies</h4>
      {props.prophecies.length === 0 ? (
        <p className="muted">No prophecy is active.</p>
      ) : (
        <ul>
          {props.prophecies.map((prophecy) => (
            <li key={prophecy.id} data-prophecy={prophecy.id}>
              <code>{prophecy.id}</code> <span className="standing">{prophecy.type}</span> →{' '}
              {props.titleOf(prophecy.targetScene)}
              <span className="muted"> magnitude {formatFigure(prophecy.magnitude)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
