import { useId } from 'react';
import { formatChange, type DiffEntry } from './truth-diff.ts';

const SIGN: Readonly<Record<DiffEntry['kind'], string>> = { added: '+', removed: '−', changed: '~' };
const SPOKEN: Readonly<Record<DiffEntry['kind'], string>> = { added: 'added', removed: 'removed', changed: 'changed' };

/** What the turn changed in the truth set: keys that entered, left (struck through), or changed weight. */
export function TruthDiff(props: {
  readonly entries: readonly DiffEntry[];
  readonly turn: number;
  readonly summary: string;
}) {
  const heading = useId();
  return (
    <section className="truth-diff" aria-labelledby={heading}>
      <h4 id={heading}>
        Since turn {props.turn - 1} <span className="muted">({props.summary})</span>
      </h4>
      {props.entries.length > 0 && (
        <ul>
          {props.entries.map((entry) => (
            <li key={`${entry.kind}:${entry.accumulator ? '#' : ''}${entry.key}`} className={`diff-${entry.kind}`}>
              <span className="diff-sign" aria-hidden="true">
                {SIGN[entry.kind]}
              </span>
              <span className="sr-only">{SPOKEN[entry.kind]}: </span>
              {entry.kind === 'removed' ? (
                <del>
                  <code>{entry.key}</code>
                </del>
              ) : (
                <code>{entry.key}</code>
              )}
              {entry.accumulator && <span className="muted"> (accumulator)</span>}
              {entry.kind === 'changed' && <span className="diff-weights"> {formatChange(entry)}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
