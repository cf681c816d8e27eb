import type { LandscapeView } from '../engine.ts';
import { SceneRow } from './SceneRow.tsx';

/** Every scene with its state, mass, distance and pull: the chart's figures, readable and in reading order. */
export function SceneTable(props: { readonly view: LandscapeView }) {
  const { view } = props;
  return (
    <table className="truth-table scene-table">
      <caption>Scenes as of turn {view.turn}</caption>
      <colgroup>
        <col />
        <col className="col-state" />
        <col className="col-figure" />
        <col className="col-figure" />
        <col className="col-figure" />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">Scene</th>
          <th scope="col">State</th>
          <th scope="col" className="figure">
            Mass
          </th>
          <th scope="col" className="figure">
            Distance
          </th>
          <th scope="col" className="figure">
            Pull
          </th>
        </tr>
      </thead>
      <tbody>
        {view.scenes.map((scene) => (
          <SceneRow
            key={scene.id}
            scene={scene}
            attractor={scene.id === view.strongestAttractor?.id}
            current={scene.id === view.currentScene}
          />
        ))}
      </tbody>
    </table>
  );
}
