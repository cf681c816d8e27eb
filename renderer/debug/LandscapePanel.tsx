import type { LandscapeView, TurnRecord } from '../engine.ts';
import { AttractorLine } from './AttractorLine.tsx';
import { GateList } from './GateList.tsx';
import { LandscapeChart } from './LandscapeChart.tsx';
import { ProphecyList } from './ProphecyList.tsx';
import { PullHistory } from './PullHistory.tsx';
import { SceneTable } from './SceneTable.tsx';
import { SubGraphList } from './SubGraphList.tsx';
import { TurnViewGate } from './TurnViewGate.tsx';
import { sceneTitles } from './storykeeper-format.ts';

/**
 * Where the story pulls as of the turn picked: every scene on a chart and in a table, the strongest attractor, how
 * the strongest pull moved over the last turns, the gates, the tales within the tale and the prophecies.
 */
export function LandscapePanel(props: {
  readonly turn: TurnRecord | undefined;
  readonly view: LandscapeView | undefined;
}) {
  return (
    <TurnViewGate turn={props.turn} view={props.view} what="gravitational landscape">
      {(view) => {
        const titleOf = sceneTitles(view.scenes);
        return (
          <div className="storykeeper-panel landscape-panel">
            <AttractorLine view={view} titleOf={titleOf} />
            <LandscapeChart view={view} titleOf={titleOf} />
            <PullHistory history={view.history} titleOf={titleOf} />
            <SceneTable view={view} />
            <GateList gates={view.gates} />
            <SubGraphList subGraphs={view.subGraphs} />
            <ProphecyList prophecies={view.prophecies} titleOf={titleOf} />
          </div>
        );
      }}
    </TurnViewGate>
  );
}
