import type { ReactNode } from 'react';

/** One term of a description list with what it says, kept together for layout (a list's own, or a summary row). */
export function SummaryItem(props: {
  readonly term: string;
  readonly children: ReactNode;
  readonly className?: string;
}) {
  return (
    <div className={props.className ?? 'summary-item'}>
      <dt>{props.term}</dt>
      <dd>{props.children}</dd>
    </div>
  );
}
