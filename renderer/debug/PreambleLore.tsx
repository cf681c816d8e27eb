import type { ContextView } from '../engine.ts';

/** Constant lore: not a candidate of the retrieved tier but the preamble's, kept in insertion order within its budget. */
export function PreambleLore(props: { readonly view: ContextView }) {
  const { preamble } = props.view;
  if (preamble === undefined || preamble.entries.length === 0) return null;
  const kept = preamble.entries.filter((entry) => entry.kept).length;
  return (
    <section className="preamble-lore" aria-label="Constant lore in the preamble">
      <p className="context-headline">
        <strong>
          Constant lore: {kept} of {preamble.entries.length} entries, {preamble.tokens} of {preamble.budget} tokens
        </strong>{' '}
        <span className="muted">in the preamble</span>
      </p>
      <ol className="candidate-list">
        {preamble.entries.map((entry) => (
          <li key={entry.id} className={`candidate ${entry.kept ? 'selected' : 'dropped'}`} data-candidate={entry.id}>
            <div className="candidate-line">
              <span className={`candidate-outcome ${entry.kept ? 'selected' : 'dropped'}`}>
                {entry.kept ? 'kept' : 'dropped'}
              </span>
              <code className="candidate-id">lore:{entry.id}</code>
              <span className="muted">constant · {entry.tokens} tokens</span>
            </div>
            {!entry.kept && <p className="drop-reason">Dropped: over the preamble’s lore budget</p>}
            <p className="candidate-text">{entry.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
