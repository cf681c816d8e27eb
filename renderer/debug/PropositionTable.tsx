import { PropositionRow } from './PropositionRow.tsx';
import type { RowKind, TruthRow } from './truth-rows.ts';

const GROUPS: readonly { readonly kind: RowKind; readonly title: string }[] = [
  { kind: 'factual', title: 'Factual' },
  { kind: 'interpretive', title: 'Interpretive' },
  { kind: 'accumulator', title: 'Accumulators' },
];

/** The truth set as a table, one row group per kind; rows this turn added are highlighted. */
export function PropositionTable(props: {
  readonly rows: readonly TruthRow[];
  readonly total: number;
  readonly turn: number;
  readonly minConfidence: number;
}) {
  const groups = GROUPS.map((group) => ({ ...group, rows: props.rows.filter((row) => row.kind === group.kind) }));
  return (
    <table className="truth-table">
      <caption>
        Propositions as of turn {props.turn}{' '}
        <span className="muted">
          ({props.rows.length} of {props.total} shown)
        </span>
      </caption>
      <colgroup>
        <col />
        <col className="col-weight" />
        <col className="col-standing" />
        <col className="col-since" />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">Key</th>
          <th scope="col">Weight</th>
          <th scope="col">Standing</th>
          <th scope="col">
            <abbr title="Since turn">Since</abbr>
          </th>
        </tr>
      </thead>
      {props.rows.length === 0 && (
        <tbody>
          <tr>
            <td colSpan={4} className="muted">
              {props.total === 0 ? 'Nothing is true yet.' : 'No key matches the filter.'}
            </td>
          </tr>
        </tbody>
      )}
      {groups.map(
        (group) =>
          group.rows.length > 0 && (
            <tbody key={group.kind} data-group={group.kind}>
              <tr className="group-row">
                <th scope="rowgroup" colSpan={4}>
                  {group.title}
                </th>
              </tr>
              {group.rows.map((row) => (
                <PropositionRow key={row.key} row={row} minConfidence={props.minConfidence} />
              ))}
            </tbody>
          ),
      )}
    </table>
  );
}
