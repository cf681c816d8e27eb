import { describe, expect, it } from 'vitest';
import { selectWithinBudget, type Budgeted, type Selection } from '../../../engine/storykeeper/index.ts';
import { chapter16Items } from './worked-example.ts';

const ids = (items: readonly Budgeted[]) => items.map((item) => item.id).sort();
const reasons = (selection: Selection<Budgeted>) =>
  Object.fromEntries(selection.dropped.map(({ item, reason }) => [item.id, reason]));

describe('budget trim: the worked example', () => {
  it('selects all seven candidates when they fit the 600-token budget exactly', () => {
    const selection = selectWithinBudget(chapter16Items(), 600);
    expect(ids(selection.selected)).toEqual(ids(chapter16Items()));
    expect(selection.tokens).toBe(600);
    expect(selection.dropped).toEqual([]);
    expect(selection.overBudget).toBe(0);
  });

  it('follows score per token at 400 tokens: the Prophet, Chris, the datura, the cave and the photographs', () => {
    const selection = selectWithinBudget(chapter16Items(), 400);
    expect(ids(selection.selected)).toEqual([
      'cave_gravitational',
      'chris_emotional',
      'datura_bridge',
      'photographs_echo',
      'prophet_weight',
    ]);
    expect(selection.tokens).toBe(380);
    expect(reasons(selection)).toEqual({ sarah_relational: 'over_budget', fire_dream_prophetic: 'over_budget' });
  });

  it('takes mandatory items first: with Sarah’s entity context mandatory, 400 tokens hold her and three more', () => {
    const selection = selectWithinBudget(chapter16Items({ sarah_relational: { mandatory: true } }), 400);
    expect(selection.selected.map((item) => item.id)).toEqual([
      'sarah_relational',
      'chris_emotional',
      'datura_bridge',
      'prophet_weight',
    ]);
    expect(selection.tokens).toBe(350);
  });

  it('lists the selection mandatory first, then by score', () => {
    const selection = selectWithinBudget(chapter16Items(), 600);
    expect(selection.selected.map((item) => item.score)).toEqual([1.141, 1, 0.8, 0.7714, 0.546, 0.54, 0.44]);
  });
});

describe('budget trim: what is dropped and why', () => {
  it('never includes a hard-boundary or withheld candidate, not even a mandatory one with enormous gravity', () => {
    const items: Budgeted[] = [
      { id: 'secret', tokens: 10, score: 0, boundary: 'hard_boundary', mandatory: true },
      { id: 'mystery', tokens: 10, score: 0, boundary: 'withheld' },
      { id: 'hint', tokens: 10, score: 0.5, boundary: 'suspected' },
    ];
    const selection = selectWithinBudget(items, 800);
    expect(ids(selection.selected)).toEqual(['hint']);
    expect(reasons(selection)).toEqual({ secret: 'information_boundary', mystery: 'information_boundary' });
  });

  it('drops candidates under the minimum score of 0.1, but keeps one at it and every mandatory one', () => {
    const items: Budgeted[] = [
      { id: 'faint', tokens: 1, score: 0.099 },
      { id: 'enough', tokens: 1, score: 0.1 },
      { id: 'needed', tokens: 1, score: 0.01, mandatory: true },
    ];
    const selection = selectWithinBudget(items, 800);
    expect(ids(selection.selected)).toEqual(['enough', 'needed']);
    expect(reasons(selection)).toEqual({ faint: 'below_minimum' });
  });

  it('keeps one item per id: the mandatory one, else the higher score', () => {
    const items: Budgeted[] = [
      { id: 'sarah', tokens: 10, score: 0.4 },
      { id: 'sarah', tokens: 10, score: 0.9 },
      { id: 'cave', tokens: 10, score: 0.9 },
      { id: 'cave', tokens: 10, score: 0.2, mandatory: true },
    ];
    const selection = selectWithinBudget(items, 800);
    expect(selection.selected).toEqual([
      { id: 'cave', tokens: 10, score: 0.2, mandatory: true },
      { id: 'sarah', tokens: 10, score: 0.9 },
    ]);
    expect(selection.dropped.map(({ reason }) => reason)).toEqual(['duplicate', 'duplicate']);
  });

  it('skips an item that does not fit and still fits smaller ones after it', () => {
    const items: Budgeted[] = [
      { id: 'dense', tokens: 50, score: 1 },
      { id: 'bulky', tokens: 100, score: 1 },
      { id: 'small', tokens: 40, score: 0.2 },
    ];
    expect(ids(selectWithinBudget(items, 100).selected)).toEqual(['dense', 'small']);
  });

  it('always includes mandatory items, reporting how far they overrun the budget', () => {
    const items: Budgeted[] = [
      { id: 'revelation', tokens: 300, score: 0.9, mandatory: true },
      { id: 'entity', tokens: 200, score: 1, mandatory: true },
      { id: 'echo', tokens: 10, score: 0.6 },
    ];
    const selection = selectWithinBudget(items, 400);
    expect(selection.selected.map((item) => item.id)).toEqual(['entity', 'revelation']);
    expect(selection.overBudget).toBe(100);
    expect(reasons(selection)).toEqual({ echo: 'over_budget' });
  });

  it('breaks ties by id, so the same pool always trims the same way', () => {
    const items: Budgeted[] = [
      { id: 'b', tokens: 10, score: 0.5 },
      { id: 'a', tokens: 10, score: 0.5 },
      { id: 'c', tokens: 10, score: 0.5 },
    ];
    expect(ids(selectWithinBudget(items, 20).selected)).toEqual(['a', 'b']);
    expect(ids(selectWithinBudget([...items].reverse(), 20).selected)).toEqual(['a', 'b']);
  });
});
