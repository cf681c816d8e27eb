import { percent } from './truth-rows.ts';

/**
 * A confidence drawn as a bar with a tick at min_confidence. Decorative: the number beside it says the same to a
 * screen reader, so the bar is hidden from assistive technology.
 */
export function ConfidenceBar(props: { readonly confidence: number; readonly minConfidence: number }) {
  const below = props.confidence < props.minConfidence;
  return (
    <span className={`confidence-bar${below ? ' below-min' : ''}`} aria-hidden="true">
      <span className="confidence-fill" style={{ width: `${percent(props.confidence)}%` }} />
      <span className="confidence-min" style={{ left: `${percent(props.minConfidence)}%` }} />
    </span>
  );
}
