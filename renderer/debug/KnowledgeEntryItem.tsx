import type { KnowledgeEntryView } from '../engine.ts';
import { entrySource, entryWhen } from './character-format.ts';

/** One fact or memory of a knowledge graph: what it says, when it holds, how much it weighs, where it came from. */
export function KnowledgeEntryItem(props: { readonly entry: KnowledgeEntryView }) {
  const { entry } = props;
  return (
    <li className="knowledge-entry" data-source={entry.source} data-kind={entry.kind}>
      <p className="knowledge-text">{entry.text}</p>
      <p className="knowledge-meta">
        <span>{entryWhen(entry)}</span> · <span className="salience">salience {entry.salience}</span> ·{' '}
        <span className="provenance">{entrySource(entry)}</span>
      </p>
      {entry.tags.length > 0 && (
        <ul className="tag-list" aria-label="Tags">
          {entry.tags.map((tag) => (
            <li key={tag} className="tag">
              {tag}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
