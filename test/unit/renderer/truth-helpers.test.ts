import { describe, expect, it } from 'vitest';
import {
  breakPoints,
  filterRows,
  formatConfidence,
  formatValue,
  formatWeight,
  keyMatches,
  percent,
  triggerState,
  truthRows,
} from '../../../renderer/debug/truth-rows.ts';
import { diffEntries, diffSummary, formatChange } from '../../../renderer/debug/truth-diff.ts';
import { truthView } from './truth-fixtures.ts';

describe('truth rows', () => {
  const rows = truthRows(truthView());
  const row = (key: string) => rows.find((candidate) => candidate.key === key);

  it('lists factual propositions at 1, interpretive ones at their confidence, accumulators at their value', () => {
    expect(rows.map((r) => [r.kind, r.weight])).toEqual([
      ['factual', 1],
      ['factual', 1],
      ['interpretive', 0.6],
      ['interpretive', 0.3],
      ['accumulator', -0.3],
    ]);
    expect(row('TrustEroding(player,odile-fenn)')?.standing).toBe('refined');
    expect(row('InScene(lamp-room)')?.standing).toBeNull();
    expect(row('trust_delta(player,odile-fenn)')?.sinceTurn).toBeNull();
  });

  it('counts an interpretive proposition below min_confidence as 0, and only that one', () => {
    expect(rows.filter((r) => r.countsZero).map((r) => r.key)).toEqual(['AffectionWaning(player,odile-fenn)']);
    const atMin = truthRows(truthView({ minConfidence: 0.6 }));
    expect(atMin.find((r) => r.key === 'TrustEroding(player,odile-fenn)')?.countsZero).toBe(false);
  });

  it('classifies each row by the diff: added, changed from a weight (accumulators by their # key), or untouched', () => {
    expect(row('CharacterPresent(odile-fenn)')?.change).toEqual({ kind: 'added' });
    expect(row('TrustEroding(player,odile-fenn)')?.change).toEqual({ kind: 'changed', from: 0.85 });
    expect(row('trust_delta(player,odile-fenn)')?.change).toEqual({ kind: 'changed', from: -0.2 });
    expect(row('InScene(lamp-room)')?.change).toBeNull();
  });

  it('filters by every word of the filter, case-insensitively, anywhere in the key', () => {
    expect(filterRows(rows, 'trust').map((r) => r.key)).toEqual([
      'TrustEroding(player,odile-fenn)',
      'trust_delta(player,odile-fenn)',
    ]);
    expect(filterRows(rows, '  ERODING  odile ').map((r) => r.key)).toEqual(['TrustEroding(player,odile-fenn)']);
    expect(filterRows(rows, '')).toHaveLength(rows.length);
    expect(filterRows(rows, 'nobody')).toEqual([]);
    expect(keyMatches('InScene(lamp-room)', 'scene lamp')).toBe(true);
  });
});

describe('formatting', () => {
  it('lets a long key wrap after its parenthesis and commas', () => {
    expect(breakPoints('TrustEroding(player,odile-fenn)')).toEqual(['TrustEroding(', 'player,', 'odile-fenn)']);
    expect(breakPoints('plain')).toEqual(['plain']);
  });

  it('writes confidences with two decimals and accumulators with a true minus sign', () => {
    expect(formatConfidence(0.7)).toBe('0.70');
    expect(formatConfidence(1)).toBe('1.00');
    expect(formatValue(-0.2)).toBe('−0.20');
    expect(formatValue(3)).toBe('3');
  });

  it('writes a changed weight as from → to', () => {
    expect(formatWeight({ kind: 'interpretive', weight: 0.85, change: { kind: 'changed', from: 0.7 } })).toBe(
      '0.70 → 0.85',
    );
    expect(formatWeight({ kind: 'accumulator', weight: -0.3, change: { kind: 'changed', from: -0.2 } })).toBe(
      '−0.20 → −0.30',
    );
    expect(formatWeight({ kind: 'factual', weight: 1, change: { kind: 'added' } })).toBe('1.00');
  });

  it('places a confidence on the bar, clamped to it', () => {
    expect(percent(0.85)).toBe(85);
    expect(percent(0.333)).toBe(33.3);
    expect(percent(1.4)).toBe(100);
    expect(percent(-1)).toBe(0);
  });
});

describe('diff entries', () => {
  it('lists added, removed and changed keys, naming accumulators without their #', () => {
    const entries = diffEntries(truthView().diff);
    expect(entries.map((entry) => [entry.kind, entry.key, entry.accumulator])).toEqual([
      ['added', 'CharacterPresent(odile-fenn)', false],
      ['removed', 'CharacterPresent(kit-wickett)', false],
      ['changed', 'TrustEroding(player,odile-fenn)', false],
      ['changed', 'trust_delta(player,odile-fenn)', true],
    ]);
    const changes = entries.flatMap((entry) => (entry.kind === 'changed' ? [formatChange(entry)] : []));
    expect(changes).toEqual(['0.85 → 0.60', '−0.20 → −0.30']);
  });

  it('keeps only the keys the filter matches, and sums the diff up', () => {
    expect(diffEntries(truthView().diff, 'present').map((entry) => entry.kind)).toEqual(['added', 'removed']);
    expect(diffSummary(truthView().diff)).toBe('1 added, 1 removed, 2 changed');
    expect(diffSummary({ added: [], removed: [], changed: [] })).toBe('no change');
  });
});

describe('trigger state', () => {
  it('is FIRED in the turn it fired (even when that spent it), else spent, else whether it holds', () => {
    const [fired, waiting] = truthView().triggers;
    expect(fired && triggerState(fired, 2)).toBe('fired');
    expect(waiting && triggerState(waiting, 2)).toBe('waits');
    expect(triggerState({ firing: null, active: false, holds: true, lastFiredTurn: 1 }, 2)).toBe('spent');
    expect(triggerState({ firing: null, active: true, holds: true, lastFiredTurn: 1 }, 2)).toBe('holds');
  });

  it('is FIRED when it fired as the turn took in Stage 4, which only its last fired turn tells', () => {
    expect(triggerState({ firing: null, active: true, holds: true, lastFiredTurn: 2 }, 2)).toBe('fired');
    expect(triggerState({ firing: null, active: true, holds: true, lastFiredTurn: 2 }, 3)).toBe('holds');
  });
});
