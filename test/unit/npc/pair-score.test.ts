import { describe, expect, it } from 'vitest';
import { scoreAllPairs, scorePair, type CohortCandidate } from '../../../engine/npc/index.ts';
import { candidate } from './fixtures.ts';

const score = (a: Partial<CohortCandidate>, b: Partial<CohortCandidate>) => {
  const result = scorePair(candidate('a', a), candidate('b', b));
  return [result.score, result.factors];
};

describe('cohort pair scores', () => {
  it('scores nothing in common as 0', () => {
    expect(score({}, {})).toEqual([0, []]);
  });

  it('+3 for the same specific location', () => {
    expect(score({ location: 'rusty_anchor' }, { location: 'rusty_anchor' })).toEqual([3, ['same-location']]);
    expect(score({ location: 'rusty_anchor' }, { location: 'pier_7' })).toEqual([0, []]);
  });

  it("+3 when one's goals explicitly involve the other, once even when both do", () => {
    expect(score({ goalTargets: ['b'] }, {})).toEqual([3, ['goals-involve']]);
    expect(score({ goalTargets: ['b'] }, { goalTargets: ['a'] })).toEqual([3, ['goals-involve']]);
  });

  it('+2 for a strong relationship, positive or negative, from either side', () => {
    expect(score({}, { strongRelationships: ['a'] })).toEqual([2, ['strong-relationship']]);
  });

  it('+1 for the same general area, which a shared specific location already includes', () => {
    expect(score({ area: 'portside' }, { area: 'portside' })).toEqual([1, ['same-area']]);
    expect(score({ location: 'pier_7', area: 'portside' }, { location: 'pier_7', area: 'portside' })).toEqual([
      3,
      ['same-location'],
    ]);
  });

  it('+1 for the same faction only with active shared business', () => {
    expect(
      score({ faction: 'guild', factionBusiness: ['tariffs'] }, { faction: 'guild', factionBusiness: ['tariffs'] }),
    ).toEqual([1, ['faction-business']]);
    expect(
      score({ faction: 'guild', factionBusiness: ['tariffs'] }, { faction: 'guild', factionBusiness: [] }),
    ).toEqual([0, []]);
    expect(score({ faction: 'guild', factionBusiness: ['x'] }, { faction: 'crown', factionBusiness: ['x'] })).toEqual([
      0,
      [],
    ]);
  });

  it('+1 for overlapping routines: same place, overlapping hours, across midnight too', () => {
    const evenings = [{ place: 'rusty_anchor', from: 18 * 60, to: 23 * 60 }];
    const lateNights = [{ place: 'rusty_anchor', from: 22 * 60, to: 2 * 60 }];
    const mornings = [{ place: 'rusty_anchor', from: 6 * 60, to: 12 * 60 }];
    expect(score({ routine: evenings }, { routine: lateNights })).toEqual([1, ['routine-overlap']]);
    expect(score({ routine: evenings }, { routine: mornings })).toEqual([0, []]);
    expect(score({ routine: lateNights }, { routine: [{ place: 'rusty_anchor', from: 60, to: 90 }] })[0]).toBe(1);
    expect(score({ routine: evenings }, { routine: [{ place: 'pier_7', from: 18 * 60, to: 23 * 60 }] })[0]).toBe(0);
  });

  it('adds the factors up', () => {
    expect(
      score(
        { location: 'pier_7', goalTargets: ['b'], strongRelationships: ['b'] },
        { location: 'pier_7', strongRelationships: ['a'] },
      ),
    ).toEqual([8, ['same-location', 'goals-involve', 'strong-relationship']]);
  });

  it('scores every pair once, ids in order, whatever order the characters come in', () => {
    const pairs = scoreAllPairs([candidate('c'), candidate('a'), candidate('b')]);
    expect(pairs.map((pair) => `${pair.a}-${pair.b}`)).toEqual(['a-b', 'a-c', 'b-c']);
    expect(scorePair(candidate('z'), candidate('y'))).toMatchObject({ a: 'y', b: 'z' });
  });
});
