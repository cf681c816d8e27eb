import type { TriggerView, TruthView } from '../engine.ts';

export type RowKind = 'factual' | 'interpretive' | 'accumulator';

/** One line of the truth table: a proposition (factual or interpretive) or an accumulator. */
export interface TruthRow {
  readonly kind: RowKind;
  readonly key: string;
  /** 1 for a factual proposition, the confidence of an interpretive one, the value of an accumulator. */
  readonly weight: number;
  readonly standing: 'provisional' | 'refined' | null;
  readonly sinceTurn: number | null;
  /** An interpretive proposition below min_confidence counts 0 when triggers are evaluated. */
  readonly countsZero: boolean;
  /** What the turn did to it: entered the set, or changed weight (from `from`). */
  readonly change: { readonly kind: 'added' } | { readonly kind: 'changed'; readonly from: number } | null;
}

/** How the diff names a key: accumulators carry a `#` so they cannot clash with a proposition. */
export const diffKey = (kind: RowKind, key: string) => (kind === 'accumulator' ? `#${key}` : key);

/** Every proposition and accumulator of the view, each with what this turn did to it. */
export function truthRows(view: TruthView): TruthRow[] {
  const added = new Set(view.diff.added);
  const changed = new Map(view.diff.changed.map((change) => [change.key, change.from]));
  const changeOf = (kind: RowKind, key: string): TruthRow['change'] => {
    const at = diffKey(kind, key);
    const from = changed.get(at);
    return added.has(at) ? { kind: 'added' } : from === undefined ? null : { kind: 'changed', from };
  };
  return [
    ...view.factual.map(({ key, sinceTurn }): TruthRow => ({
      kind: 'factual',
      key,
      weight: 1,
      standing: null,
      sinceTurn,
      countsZero: false,
      change: changeOf('factual', key),
    })),
    ...view.interpretive.map(({ key, confidence, standing, sinceTurn }): TruthRow => ({
      kind: 'interpretive',
      key,
      weight: confidence,
      standing,
      sinceTurn,
      countsZero: confidence < view.minConfidence,
      change: changeOf('interpretive', key),
    })),
    ...view.accumulators.map(({ key, value }): TruthRow => ({
      kind: 'accumulator',
      key,
      weight: value,
      standing: null,
      sinceTurn: null,
      countsZero: false,
      change: changeOf('accumulator', key),
    })),
  ];
}

/** Whether a key matches the filter: every word of it, case-insensitively, anywhere in the key. */
export function keyMatches(key: string, filter: string): boolean {
  const lower = key.toLowerCase();
  return filter
    .toLowerCase()
    .split(/\s+/u)
    .filter((word) => word.length > 0)
    .every((word) => lower.includes(word));
}

export function filterRows(rows: readonly TruthRow[], filter: string): TruthRow[] {
  return rows.filter((row) => keyMatches(row.key, filter));
}

/** A key cut after each "(" and ",", where a narrow column may wrap it: "A(b,c)" → ["A(", "b,", "c)"]. */
export function breakPoints(key: string): string[] {
  return key.split(/(?<=[(,])/u);
}

/** A confidence (or any weight in 0‥1) with two decimals: 0.7 → "0.70". */
export function formatConfidence(confidence: number): string {
  return confidence.toFixed(2);
}

/** An accumulator's value: whole numbers as they are, others with two decimals, with a true minus sign. */
export function formatValue(value: number): string {
  const text = Number.isInteger(value) ? String(value) : value.toFixed(2);
  return text.replace('-', '−');
}

/** A weight as its row shows it; a changed one as "0.70 → 0.85". */
export function formatWeight(row: Pick<TruthRow, 'kind' | 'weight' | 'change'>): string {
  const format = row.kind === 'accumulator' ? formatValue : formatConfidence;
  return row.change?.kind === 'changed' ? `${format(row.change.from)} → ${format(row.weight)}` : format(row.weight);
}

/** Where a confidence sits on a bar, in percent, clamped to the bar. */
export function percent(confidence: number): number {
  return Math.round(Math.min(1, Math.max(0, confidence)) * 1000) / 10;
}

export type TriggerState = 'fired' | 'spent' | 'holds' | 'waits';

/**
 * Fired in this turn (in its cascades, or when the turn took in a Stage 4 result: then only `lastFiredTurn` says so);
 * else spent (a OneShot done, an UntilCondition ended); else whether its predicate holds now.
 */
export function triggerState(
  trigger: Pick<TriggerView, 'firing' | 'active' | 'holds' | 'lastFiredTurn'>,
  turn: number,
): TriggerState {
  if (trigger.firing !== null || trigger.lastFiredTurn === turn) return 'fired';
  if (!trigger.active) return 'spent';
  return trigger.holds ? 'holds' : 'waits';
}

export const TRIGGER_STATE_LABEL: Readonly<Record<TriggerState, string>> = {
  fired: 'FIRED',
  spent: 'spent',
  holds: 'holds',
  waits: 'waits',
};
