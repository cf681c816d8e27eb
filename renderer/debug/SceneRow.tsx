import type { LandscapeSceneView } from '../engine.ts';
import { formatFigure } from './storykeeper-format.ts';

/** One scene of the table; its mass and distance cells carry their parts as a tooltip. */
export function SceneRow(props: {
  readonly scene: LandscapeSceneView;
  readonly attractor: boolean;
  readonly current: boolean;
}) {
  const { scene } = props;
  const { mass, distance } = scene;
  const massParts = `base ${formatFigure(mass.base)} + structural ${formatFigure(mass.structural)} + approach ${formatFigure(mass.approach)}`;
  const distanceParts = `information ${formatFigure(distance.information)}, emotional ${formatFigure(distance.emotional)}, relational ${formatFigure(distance.relational)}, physical ${formatFigure(distance.physical)}`;
  return (
    <tr className={props.attractor ? 'scene-row attractor' : 'scene-row'} data-scene={scene.id}>
      <th scope="row">
        {scene.title}
        {props.attractor && <span className="attractor-badge">attractor</span>}
        {props.current && <span className="standing">you are here</span>}
        <br />
        <code className="muted">
          {scene.id} · {scene.type}
        </code>
      </th>
      <td>
        <span className={`scene-state state-${scene.state}`}>{scene.state}</span>
      </td>
      <td className="figure" title={massParts}>
        {formatFigure(mass.total)}
      </td>
      <td className="figure" title={distanceParts}>
        {formatFigure(distance.total)}
      </td>
      <td className="figure">{formatFigure(scene.pull)}</td>
    </tr>
  );
}
