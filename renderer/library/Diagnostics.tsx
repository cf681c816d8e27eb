import type { PackSummary } from '../engine.ts';

/** The validator's findings, each pointing at its file and line. */
export function Diagnostics(props: { readonly diagnostics: PackSummary['diagnostics'] }) {
  if (props.diagnostics.length === 0) return null;
  return (
    <details className="diagnostics" open={props.diagnostics.some((item) => item.severity === 'error')}>
      <summary>What the validator found</summary>
      <ul>
        {props.diagnostics.map((item, index) => (
          <li key={index} className={`diagnostic diagnostic-${item.severity}`}>
            <code>
              {item.file}:{item.line}:{item.column}
            </code>{' '}
            {item.message}
          </li>
        ))}
      </ul>
    </details>
  );
}
