import type { ContextCandidateView } from '../engine.ts';
import { scoreFactors } from './context-summary.ts';
import { dropReason, formatFigure } from './storykeeper-format.ts';
import { SummaryItem } from './SummaryItem.tsx';

/** One candidate for the retrieved tier: selected or dropped (and why), its score as the product of its factors. */
export function CandidateItem(props: { readonly candidate: ContextCandidateView }) {
  const { candidate } = props;
  const outcome = candidate.selected ? 'selected' : 'dropped';
  return (
    <li className={`candidate ${outcome}`} data-candidate={candidate.id} data-source={candidate.source}>
      <div className="candidate-line">
        <span className={`candidate-outcome ${outcome}`}>{outcome}</span>
        <code className="candidate-id">{candidate.id}</code>
        {candidate.mandatory && <span className="standing">mandatory</span>}
        <span className="muted">
          {candidate.source} · {candidate.tokens} tokens · score {formatFigure(candidate.score)}
        </span>
      </div>
      {candidate.activation !== undefined && (
        <p className="candidate-activation">Why proposed: {candidate.activation}</p>
      )}
      {candidate.dropped !== null && <p className="drop-reason">Dropped: {dropReason(candidate.dropped)}</p>}
      <dl className="candidate-factors">
        {scoreFactors(candidate).map((factor) => (
          <SummaryItem key={factor.name} term={factor.name} className="candidate-factor">
            {factor.value}
          </SummaryItem>
        ))}
      </dl>
      {candidate.text === '' ? (
        <p className="candidate-text muted">Text withheld.</p>
      ) : (
        <p className="candidate-text">{candidate.text}</p>
      )}
    </li>
  );
}
