import type { LandscapeView } from '../engine.ts';
import { formatFigure } from './storykeeper-format.ts';

/** The tales within the tale: how much each weighs, how far it lets that weight through, and what that adds. */
export function SubGraphList(props: { readonly subGraphs: LandscapeView['subGraphs'] }) {
  return (
    <section className="storykeeper-list">
      <h4>Sub-graphs</h4>
      {props.subGraphs.length === 0 ? (
        <p className="muted">The story has no tales within the tale.</p>
      ) : (
        <ul>
          {props.subGraphs.map((sub) => (
            <li key={sub.id} data-sub-graph={sub.id}>
              <code>{sub.id}</code> {sub.engaged ? <span className="standing">engaged</span> : null}
              <span className="muted">
                {' '}
                collective mass {formatFigure(sub.collectiveMass)} × permeability {formatFigure(sub.permeability)} ={' '}
                {formatFigure(sub.contribution)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
