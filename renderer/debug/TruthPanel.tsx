import { useId, useMemo } from 'react';
import type { TruthView, TurnRecord } from '../engine.ts';
import type { NameOf } from '../play/names.ts';
import { ClassificationSummary } from './ClassificationSummary.tsx';
import { PropositionTable } from './PropositionTable.tsx';
import { TriggerList } from './TriggerList.tsx';
import { TruthDiff } from './TruthDiff.tsx';
import { TurnViewGate } from './TurnViewGate.tsx';
import { diffEntries, diffSummary } from './truth-diff.ts';
import { filterRows, formatConfidence, truthRows } from './truth-rows.ts';

/** How the truth set is shown: the filter over proposition keys, and character names. */
interface TruthSetOptions {
  readonly filter: string;
  readonly onFilter: (filter: string) => void;
  readonly names: NameOf;
}

/**
 * What is true as of the turn picked: the propositions and accumulators (filtered by key), what the turn changed,
 * every trigger and why it fired or not, and how the turn was classified.
 */
export function TruthPanel(
  props: TruthSetOptions & {
    readonly turn: TurnRecord | undefined;
    /** Undefined while it is being fetched. */
    readonly view: TruthView | undefined;
  },
) {
  return (
    <TurnViewGate turn={props.turn} view={props.view} what="truth set" failed="nothing of it entered the truth set">
      {(view) => <TruthSet view={view} filter={props.filter} onFilter={props.onFilter} names={props.names} />}
    </TurnViewGate>
  );
}

/** The truth set once it is here (its own component: the gate renders it only then, and it keeps hooks). */
function TruthSet(props: TruthSetOptions & { readonly view: TruthView }) {
  const { view, filter } = props;
  const filterId = useId();
  const rows = useMemo(() => truthRows(view), [view]);
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
