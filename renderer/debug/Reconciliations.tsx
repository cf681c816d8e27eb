import type { ClassificationView } from '../engine.ts';
import { formatConfidence } from './truth-rows.ts';

/** Stage 4 results taken in by this turn: how each refined judgment compares with the provisional one it replaced. */
export function Reconciliations(props: { readonly reconciliations: ClassificationView['reconciliations'] }) {
  return (
    <ul className="reconciliations">
      {props.reconciliations.map((reconciliation, index) => (
        <li key={index}>
          Reconciled turn {reconciliation.fromTurn}
          {reconciliation.failure !== null && <span className="error-text"> — failed: {reconciliation.failure}</span>}
          {(reconciliation.notes.length > 0 || reconciliation.mayBeRevised.length > 0) && (
            <ul>
              {reconciliation.notes.map((note) => (
                <li key={note.proposition} className={`verdict ${note.verdict}`}>
                  <span className="verdict-name">{note.verdict}</span> <code>{note.proposition}</code>{' '}
                  {note.provisional === null ? '–' : formatConfidence(note.provisional)} →{' '}
                  {formatConfidence(note.refined)}
                </li>
              ))}
              {reconciliation.mayBeRevised.map((id) => (
                <li key={id} className="verdict revised">
                  <code>{id}</code> fired on a provisional judgment that no longer holds: may be revised
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
