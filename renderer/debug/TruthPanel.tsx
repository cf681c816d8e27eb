import { useId, useMemo } from 'react';
import type { TruthView, TurnRecord } from '../engine.ts';
import type { NameOf } from '../play/names.ts';
import { ClassificationSummary } from './ClassificationSummary.tsx';
import { PropositionTable } from './PropositionTable.tsx';
import { TriggerList } from './TriggerList.tsx';
import { TruthDiff } from './TruthDiff.tsx';
import { diffEntries, diffSummary } from './truth-diff.ts';
import { filterRows, formatConfidence, truthRows } from './truth-rows.ts';

/**
 * What is true as of the turn picked: the propositions and accumulators (filtered by key), what the turn changed,
 * every trigger and why it fired or not, and how the turn was classified.
 */
export function TruthPanel(props: {
  readonly turn: TurnRecord | undefined;
  /** Undefined while it is being fetched. */
  readonly view: TruthView | undefined;
  readonly filter: string;
  readonly onFilter: (filter: string) => void;
  readonly names: NameOf;
}) {
  const { view, filter } = props;
  const filterId = useId();
  const rows = useMemo(() => (view === undefined ? [] : truthRows(view)), [view]);
  if (props.turn === undefined) return <p className="muted">No turns yet. Play one and its truth set appears here.</p>;
  if (props.turn.status === 'failed')
    return <p className="muted">Turn {props.turn.number} failed: nothing of it entered the truth set.</p>;
  if (view === undefined) return <p className="muted">Reading the truth set…</p>;
  return (
    <div className="truth-panel">
      <p className="truth-meta muted">
        Turn {view.turn} of {view.latestTurn} · min_confidence {formatConfidence(view.minConfidence)}
      </p>
      <div className="truth-filter">
        <label htmlFor={filterId}>Filter keys</label>
        <input
          id={filterId}
          type="search"
          value={filter}
          placeholder="e.g. Trust"
          onChange={(event) => props.onFilter(event.target.value)}
        />
      </div>
      <PropositionTable
        rows={filterRows(rows, filter)}
        total={rows.length}
        turn={view.turn}
        minConfidence={view.minConfidence}
      />
      <TruthDiff entries={diffEntries(view.diff, filter)} turn={view.turn} summary={diffSummary(view.diff)} />
      <TriggerList triggers={view.triggers} turn={view.turn} names={props.names} />
      <ClassificationSummary classification={view.classification} />
    </div>
  );
}
