import type { KnowledgeGraphView } from '../engine.ts';
import { KnowledgeEntryItem } from './KnowledgeEntryItem.tsx';

/** A knowledge graph as of the turn, newest entry first: what was learned last is what a reader looks for. */
export function KnowledgeList(props: { readonly graph: KnowledgeGraphView | undefined; readonly label: string }) {
  const { graph, label } = props;
  if (graph === undefined) return <p className="muted">Reading the knowledge graph…</p>;
  if (graph.entries.length === 0) return <p className="muted">Nothing known yet.</p>;
  return (
    <ol className="knowledge-list" aria-label={label}>
      {[...graph.entries].reverse().map((entry) => (
        <KnowledgeEntryItem key={entry.seq} entry={entry} />
      ))}
    </ol>
  );
}
