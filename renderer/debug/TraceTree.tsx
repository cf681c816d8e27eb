import type { TraceNode } from '../engine.ts';

/** One node of a predicate's evaluation (✓ holds, ✗ does not) and, nested under it, the nodes it was decided from. */
export function TraceTree(props: { readonly node: TraceNode }) {
  const { node } = props;
  return (
    <li className={`trace-node ${node.fired ? 'holds' : 'fails'}`}>
      <span className="trace-mark" aria-hidden="true">
        {node.fired ? '✓' : '✗'}
      </span>
      <span className="sr-only">{node.fired ? 'holds: ' : 'does not hold: '}</span>
      <code className="trace-label">{node.label}</code>
      <span className="trace-reason"> — {node.reason}</span>
      {node.provisional && <span className="provisional-marker">provisional</span>}
      {node.children.length > 0 && (
        <ul>
          {node.children.map((child, index) => (
            <TraceTree key={index} node={child} />
          ))}
        </ul>
      )}
    </li>
  );
}
