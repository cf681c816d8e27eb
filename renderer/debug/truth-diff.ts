import type { TruthView } from '../engine.ts';
import { formatConfidence, formatValue, keyMatches } from './truth-rows.ts';

/** One line of "since the turn before": a key that entered, left, or changed weight. */
export type DiffEntry =
  | { readonly kind: 'added' | 'removed'; readonly key: string; readonly accumulator: boolean }
  | {
      readonly kind: 'changed';
      readonly key: string;
      readonly accumulator: boolean;
      readonly from: number;
      readonly to: number;
    };

/** The diff's `#key` names an accumulator; the entry carries the plain key and says which it is. */
function split(diffKey: string): { readonly key: string; readonly accumulator: boolean } {
  return diffKey.startsWith('#') ? { key: diffKey.slice(1), accumulator: true } : { key: diffKey, accumulator: false };
}

/** The diff as a list, added first, then removed, then changed, keeping only keys that match the filter. */
export function diffEntries(diff: TruthView['diff'], filter = ''): DiffEntry[] {
  const entries: DiffEntry[] = [
    ...diff.added.map((key): DiffEntry => ({ kind: 'added', ...split(key) })),
    ...diff.removed.map((key): DiffEntry => ({ kind: 'removed', ...split(key) })),
    ...diff.changed.map(({ key, from, to }): DiffEntry => ({ kind: 'changed', ...split(key), from, to })),
  ];
  return entries.filter((entry) => keyMatches(entry.key, filter));
}

/** "0.70 → 0.85" for a proposition's confidence, "−0.20 → −0.30" for an accumulator. */
export function formatChange(entry: Extract<DiffEntry, { kind: 'changed' }>): string {
  const format = entry.accumulator ? formatValue : formatConfidence;
  return `${format(entry.from)} → ${format(entry.to)}`;
}

/** "2 added, 1 removed, 1 changed", or "no change". */
export function diffSummary(diff: TruthView['diff']): string {
  const parts = [
    diff.added.length > 0 ? `${diff.added.length} added` : null,
    diff.removed.length > 0 ? `${diff.removed.length} removed` : null,
    diff.changed.length > 0 ? `${diff.changed.length} changed` : null,
  ].filter((part) => part !== null);
  return parts.length === 0 ? 'no change' : parts.join(', ');
}
