import { describe, expect, it } from 'vitest';
import {
  formCohorts,
  intentChecksNeeded,
  resolvePair,
  scoreAllPairs,
  type CohortCandidate,
  type CohortPlan,
} from '../../../engine/npc/index.ts';
import { answer, candidate } from './fixtures.ts';

/** Characters whose goals involve each other: every listed pair scores a clear 5 (goals 3 + relationship 2). */
function linked(pairs: readonly (readonly [string, string])[], extra: readonly string[] = []): CohortCandidate[] {
  const ids = [...new Set([...pairs.flat(), ...extra])];
  return ids.map((id) =>
    candidate(id, {
      goalTargets: pairs.filter((pair) => pair[0] === id).map((pair) => pair[1]),
      strongRelationships: pairs.filter((pair) => pair[0] === id).map((pair) => pair[1]),
    }),
  );
}

const members = (plan: CohortPlan): string[][] => plan.cohorts.map((cohort) => [...cohort.members]);
const sameRoom = (id: string) => candidate(id, { location: 'rusty_anchor' });

describe('cohort thresholds', () => {
  it('leaves a pair scoring below 3 standalone without asking anyone', () => {
    const pair = [candidate('kira', { strongRelationships: ['tam'] }), candidate('tam')];
    expect(intentChecksNeeded(scoreAllPairs(pair)).characters).toEqual([]);
    expect(formCohorts(pair, [])).toMatchObject({ cohorts: [], standalone: ['kira', 'tam'] });
  });

  it('joins a clear pair (4+) without an IntentCheck', () => {
    const pair = [
      candidate('kira', { location: 'rusty_anchor', area: 'x' }),
      candidate('tam', { location: 'rusty_anchor', strongRelationships: ['kira'] }),
    ];
    expect(intentChecksNeeded(scoreAllPairs(pair)).characters).toEqual([]);
    expect(members(formCohorts(pair, []))).toEqual([['kira', 'tam']]);
  });

  it('asks both characters of a borderline pair (exactly 3) and keeps them apart until answered', () => {
    const pair = [sameRoom('kira'), sameRoom('tam')];
    expect(intentChecksNeeded(scoreAllPairs(pair))).toMatchObject({
      characters: ['kira', 'tam'],
      pairs: [{ why: 'borderline score 3' }],
    });
    const unanswered = formCohorts(pair, [answer('kira', { seeking: ['tam'] })]);
    expect(unanswered.standalone).toEqual(['kira', 'tam']);
    expect(unanswered.notes).toEqual([
      'kira–tam (3: same-location): borderline score 3, no IntentCheck answer from tam, kept apart',
    ]);
  });
});

describe('the IntentCheck resolution table', () => {
  it.each<[string, Parameters<typeof answer>[1], Parameters<typeof answer>[1], boolean]>([
    ['seeking / seeking: cohort (mutual)', { seeking: ['b'] }, { seeking: ['a'] }, true],
    ['seeking / self-focused: cohort (A finds B)', { seeking: ['b'] }, {}, true],
    ['seeking / avoiding: cohort (evasion is interaction)', { seeking: ['b'] }, { avoiding: ['a'] }, true],
    ['self-focused / seeking: cohort (B finds A)', {}, { seeking: ['a'] }, true],
    ['self-focused / self-focused: standalone both', {}, {}, false],
    ['avoiding / avoiding: standalone both', { avoiding: ['b'] }, { avoiding: ['a'] }, false],
    ['avoiding / self-focused: standalone both (nobody seeks)', { avoiding: ['b'] }, {}, false],
    ['seeking someone else: standalone', { seeking: ['c'] }, {}, false],
  ])('%s', (_row, a, b, cohort) => {
    expect(resolvePair(answer('a', a), answer('b', b)).cohort).toBe(cohort);
    const plan = formCohorts([sameRoom('a'), sameRoom('b')], [answer('a', a), answer('b', b)]);
    expect(members(plan)).toEqual(cohort ? [['a', 'b']] : []);
  });

  it('marks only mutual seekers as mutual', () => {
    expect(resolvePair(answer('a', { seeking: ['b'] }), answer('b', { seeking: ['a'] })).mutual).toBe(true);
    expect(resolvePair(answer('a', { seeking: ['b'] }), answer('b')).mutual).toBe(false);
  });
});

describe('chains', () => {
  const chain = linked([
    ['a', 'b'],
    ['b', 'c'],
  ]);

  it('asks everyone in a chain A–B–C even when both links score high', () => {
    expect(intentChecksNeeded(scoreAllPairs(chain))).toMatchObject({
      characters: ['a', 'b', 'c'],
      pairs: [{ why: 'chain through b' }, { why: 'chain through b' }],
    });
  });

  it('does not treat a triangle as a chain', () => {
    const triangle = linked([
      ['a', 'b'],
      ['b', 'c'],
      ['a', 'c'],
    ]);
    expect(intentChecksNeeded(scoreAllPairs(triangle)).characters).toEqual([]);
    expect(members(formCohorts(triangle, []))).toEqual([['a', 'b', 'c']]);
  });

  it('keeps the chain whole when B confirms seeking C, and drops the link B does not confirm', () => {
    const confirmed = formCohorts(chain, [
      answer('a', { seeking: ['b'] }),
      answer('b', { seeking: ['c'] }),
      answer('c'),
    ]);
    expect(members(confirmed)).toEqual([['a', 'b', 'c']]);
    const onlyA = formCohorts(chain, [answer('a', { seeking: ['b'] }), answer('b', { avoiding: ['c'] }), answer('c')]);
    expect(members(onlyA)).toEqual([['a', 'b']]);
    expect(onlyA.standalone).toEqual(['c']);
  });
});

describe('cohort size', () => {
  const everyone = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
  const clique = (ids: readonly string[]) =>
    linked(ids.flatMap((x, i) => ids.slice(i + 1).map((y) => [x, y] as const)));

  it('splits a cluster of 5 or more into cohorts of at most 4, with no one in two cohorts', () => {
    const plan = formCohorts(clique(everyone), []);
    const sizes = plan.cohorts.map((cohort) => cohort.members.length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(4);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(2);
    const placed = [...plan.cohorts.flatMap((cohort) => cohort.members), ...plan.standalone];
    expect(placed.sort()).toEqual(everyone);
    expect(plan.notes.at(-1)).toMatch(/^cluster \[a, b, c, d, e, f, g, h\] is over 4: split into /);
  });

  it('keeps mutual seekers together when splitting', () => {
    const five = clique(['a', 'b', 'c', 'd', 'e']);
    const withoutAnswers = formCohorts(five, []);
    expect(members(withoutAnswers)).toEqual([['a', 'b', 'c', 'd']]);
    const plan = formCohorts(five, [answer('d', { seeking: ['e'] }), answer('e', { seeking: ['d'] })]);
    expect(plan.cohorts.find((cohort) => cohort.members.includes('e'))?.members).toContain('d');
  });

  it('treats a link hanging off a triangle as a chain link, and the triangle as clear', () => {
    const four = [...clique(['a', 'b', 'c']), candidate('e', { goalTargets: ['a'], strongRelationships: ['a'] })];
    const needed = intentChecksNeeded(scoreAllPairs(four));
    expect(needed.characters).toEqual(['a', 'e']);
    expect(needed.pairs.map(({ pair, why }) => [pair.a, pair.b, why])).toEqual([['a', 'e', 'chain through a']]);
  });

  it('sends the weakest-connected character of a split cluster standalone', () => {
    const four = clique(['a', 'b', 'c', 'd']).map((c) => ({ ...c, location: 'pier_7' }));
    const loner = candidate('e', { goalTargets: ['a'], strongRelationships: ['a'] });
    const plan = formCohorts([...four, loner], [answer('e', { seeking: ['a'] }), answer('a')]);
    expect(members(plan)).toEqual([['a', 'b', 'c', 'd']]);
    expect(plan.standalone).toEqual(['e']);
    expect(plan.notes.at(-1)).toBe('cluster [a, b, c, d, e] is over 4: split into [a, b, c, d]');
  });

  it('forms the same cohorts whatever order characters and answers arrive in', () => {
    const input = clique(everyone);
    const answers = [answer('h', { seeking: ['a'] }), answer('a', { seeking: ['h'] })];
    expect(formCohorts([...input].reverse(), [...answers].reverse())).toEqual(formCohorts(input, answers));
  });
});
