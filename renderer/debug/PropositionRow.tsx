import { Fragment } from 'react';
import { ConfidenceBar } from './ConfidenceBar.tsx';
import { breakPoints, formatConfidence, formatWeight, type TruthRow } from './truth-rows.ts';

/** One proposition or accumulator: its key, weight (a bar for a confidence), standing, and the turn it holds since. */
export function PropositionRow(props: { readonly row: TruthRow; readonly minConfidence: number }) {
  const { row } = props;
  const classes = ['truth-row', row.change?.kind, row.countsZero ? 'below-min' : undefined].filter(Boolean).join(' ');
  return (
    <tr className={classes} data-kind={row.kind} data-key={row.key}>
      <th scope="row" className="truth-key">
        <code>
          {breakPoints(row.key).map((part, index) => (
            <Fragment key={index}>
              {index > 0 && <wbr />}
              {part}
            </Fragment>
          ))}
        </code>
        {row.change?.kind === 'added' && <span className="diff-badge">new</span>}
      </th>
      <td className="truth-weight">
        {row.kind === 'interpretive' && <ConfidenceBar confidence={row.weight} minConfidence={props.minConfidence} />}
        <span className="weight-number">{formatWeight(row)}</span>
        {row.countsZero && (
          <span className="counts-zero" title={`below min_confidence ${formatConfidence(props.minConfidence)}`}>
            counts 0
          </span>
        )}
      </td>
      <td>{row.standing === null ? '—' : <span className={`standing ${row.standing}`}>{row.standing}</span>}</td>
      <td className="truth-since">{row.sinceTurn ?? '—'}</td>
    </tr>
  );
}
