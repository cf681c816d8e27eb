import { useId } from 'react';
import type { ClassificationView } from '../engine.ts';
import { Reconciliations } from './Reconciliations.tsx';
import { SummaryItem as Item } from './SummaryItem.tsx';
import { formatConfidence } from './truth-rows.ts';

const INTERPRETATION: Readonly<Record<ClassificationView['interpretation'], string>> = {
  none: 'not run (nothing in the scene listens)',
  landed: 'landed within the turn',
  pending: 'still running at commit; a later turn takes it in',
  failed: 'failed; the provisional judgments stand',
};

/** How the turn was read: Stages 1–4, the triggers' directives, and what changed in the world. */
export function ClassificationSummary(props: { readonly classification: ClassificationView | null }) {
  const heading = useId();
  const c = props.classification;
  return (
    <section className="truth-classification" aria-labelledby={heading}>
      <h4 id={heading}>Classification</h4>
      {c === null ? (
        <p className="muted">
          No classification was recorded for this turn (a command such as /skip classifies nothing).
        </p>
      ) : (
        <dl>
          <Item term="Parse">{c.parse === '' ? '—' : c.parse}</Item>
          <Item term="Refused">
            {c.violation === null ? 'no' : `${c.violation.action} (${c.violation.constraint}) — ${c.violation.reason}`}
          </Item>
          <Item term="Judgments">
            {c.judgments.length === 0
              ? 'none'
              : c.judgments.map((judgment) => (
                  <p key={judgment.id} className="judgment">
                    <span className={`standing ${judgment.standing}`}>{judgment.standing}</span>{' '}
                    <code>{judgment.proposition}</code> {formatConfidence(judgment.confidence)}: {judgment.description}
                  </p>
                ))}
          </Item>
          <Item term="Directives">{c.directives.length === 0 ? 'none' : c.directives.join('; ')}</Item>
          {c.held.length > 0 && (
            <Item term="Held">{c.held.map((held) => `${held.subscriptionId} (${held.reason})`).join('; ')}</Item>
          )}
          <Item term="Deferred to the scene boundary">{c.deferred}</Item>
          <Item term="Sensitivity map">
            {c.sensitivityEntries} entries{c.refreshed.length > 0 ? `, rebuilt: ${c.refreshed.join(', ')}` : ''}
          </Item>
          <Item term="Deep interpretation">
            <span className={`interpretation ${c.interpretation}`}>{INTERPRETATION[c.interpretation]}</span>
            {c.reconciliations.length > 0 && <Reconciliations reconciliations={c.reconciliations} />}
          </Item>
          <Item term="World changes">
            {c.worldChanges.length === 0 ? (
              'none'
            ) : (
              <ul className="world-changes">
                {c.worldChanges.map((change, index) => (
                  <li key={index}>{change}</li>
                ))}
              </ul>
            )}
          </Item>
        </dl>
      )}
    </section>
  );
}
