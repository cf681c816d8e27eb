import type { LandscapeView, TurnRecord } from '../engine.ts';
import { GateList } from './GateList.tsx';
import { LandscapeChart } from './LandscapeChart.tsx';
import { ProphecyList } from './ProphecyList.tsx';
import { PullHistory } from './PullHistory.tsx';
import { SceneTable } from './SceneTable.tsx';
import { SubGraphList } from './SubGraphList.tsx';
import { TurnViewGate } from './TurnViewGate.tsx';
import { formatFigure, sceneTitles } from './storykeeper-format.ts';

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
        const attractor = view.strongestAttractor;
        return (
          <div className="storykeeper-panel landscape-panel">
            <p className="landscape-attractor">
              {attractor === null ? (
                'No scene attracts as of this turn.'
              ) : (
                <>
                  Strongest attractor: <strong>{titleOf(attractor.id)}</strong>{' '}
                  <span className="muted">pull {formatFigure(attractor.pull)}</span>
                </>
              )}
            </p>
            <p className="truth-meta muted">
              Turn {view.turn} · at {view.location ?? 'nowhere known'}
              {view.currentScene === null ? '' : ` · in ${titleOf(view.currentScene)}`}
            </p>
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
