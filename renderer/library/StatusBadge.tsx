import type { PackSummary } from '../engine.ts';

const LABELS: Record<PackSummary['status'], string> = { ok: 'Ready', warnings: 'Warnings', error: 'Cannot load' };

/** Whether the pack validated. */
export function StatusBadge(props: { readonly status: PackSummary['status']; readonly count: number }) {
  const suffix = props.status === 'ok' ? '' : ` (${props.count})`;
  return <span className={`badge badge-${props.status}`}>{LABELS[props.status] + suffix}</span>;
}
