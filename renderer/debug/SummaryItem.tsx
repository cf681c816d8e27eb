import type { ReactNode } from 'react';

/** One term of a description list with what it says, kept together for layout. */
export function SummaryItem(props: { readonly term: string; readonly children: ReactNode }) {
  return (
    <div className="summary-item">
      <dt>{props.term}</dt>
      <dd>{props.children}</dd>
    </div>
  );
}
