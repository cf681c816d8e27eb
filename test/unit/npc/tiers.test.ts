import { describe, expect, it } from 'vitest';
import {
  applyImportanceFlags,
  combineFlags,
  countTier,
  createTierRoster,
  DEFAULT_ARC_IMPORTANT_CAP,
  enrolCharacter,
  keepsKnowledgeGraph,
  markRelevant,
  restoreTierRoster,
  ruleTierRequests,
  tierOf,
  type CharacterTier,
  type RosterSeed,
  type TierRequest,
  type TierRoster,
  type TierSignals,
} from '../../../engine/npc/index.ts';
import { at } from './fixtures.ts';

function roster(seeds: readonly RosterSeed[], cap?: number): TierRoster {
  const created = createTierRoster(seeds, cap);
  if (!created.ok) throw new Error(created.problems.join('\n'));
  return created.roster;
}

const request = (character: string, current: CharacterTier, requested: CharacterTier): TierRequest => ({
  character,
  current,
  requested,
  reason: `${character} to ${requested}`,
});
const up = (...requests: TierRequest[]) => ({ upgradeRequests: requests, downgradeRequests: [] });
const down = (...requests: TierRequest[]) => ({ upgradeRequests: [], downgradeRequests: requests });

/** A full house under a cap of 3: halvard was relevant longest ago. */
const fullHouse = (): TierRoster =>
  roster(
    [
      { id: 'kira', tier: 'arc_important', lastRelevantAt: at(30) },
      { id: 'halvard', tier: 'arc_important', lastRelevantAt: at(10) },
      { id: 'marcus', tier: 'arc_important', lastRelevantAt: at(20) },
      { id: 'tam', tier: 'significant', lastRelevantAt: at(25) },
      { id: 'ines', tier: 'significant' },
      { id: 'guard', tier: 'background' },
    ],
    3,
  );

describe('the arc_important cap', () => {
  it('defaults to 8 and refuses an opening roster over it', () => {
    expect(DEFAULT_ARC_IMPORTANT_CAP).toBe(8);
    const nine = Array.from({ length: 9 }, (_, i) => ({ id: `c${i}`, tier: 'arc_important' as const }));
    expect(createTierRoster(nine)).toEqual({ ok: false, problems: ['9 arc_important characters exceed the cap of 8'] });
    expect(createTierRoster(nine.slice(1))).toMatchObject({ ok: true });
  });

  it('promotes into a full tier by demoting the least-recently-relevant arc_important character', () => {
    const update = applyImportanceFlags(fullHouse(), up(request('tam', 'significant', 'arc_important')), at(40));
    expect(update.changes).toEqual([
      { character: 'halvard', from: 'arc_important', to: 'significant', cause: 'cap', reason: expect.any(String) },
      { character: 'tam', from: 'significant', to: 'arc_important', cause: 'request', reason: 'tam to arc_important' },
    ]);
    expect(countTier(update.roster, 'arc_important')).toBe(3);
    expect(update.roster.characters['tam']?.lastRelevantAt).toBe(at(40));
  });

  it('demotes a never-relevant character first, and breaks ties by id', () => {
    const victim = (seeds: readonly RosterSeed[]): string | undefined => {
      const full = roster([...seeds, { id: 'new', tier: 'significant' }], seeds.length);
      return applyImportanceFlags(full, up(request('new', 'significant', 'arc_important')), at(9)).changes[0]
        ?.character;
    };
    const b = { id: 'b', tier: 'arc_important', lastRelevantAt: at(5) } as const;
    const a = { id: 'a', tier: 'arc_important', lastRelevantAt: at(5) } as const;
    expect(victim([b, a])).toBe('a');
    expect(victim([b, a, { id: 'c', tier: 'arc_important' }])).toBe('c');
  });

  it('applies downgrades first, so a freed slot needs no cap demotion', () => {
    const flags = combineFlags(
      up(request('tam', 'significant', 'arc_important')),
      down(request('kira', 'arc_important', 'significant')),
    );
    const update = applyImportanceFlags(fullHouse(), flags, at(40));
    expect(update.changes.map((change) => [change.character, change.cause])).toEqual([
      ['kira', 'request'],
      ['tam', 'request'],
    ]);
    expect(tierOf(update.roster, 'halvard')).toBe('arc_important');
  });

  it('never demotes a character promoted in the same batch, and refuses a promotion no one can make room for', () => {
    const small = roster(
      [
        { id: 'tam', tier: 'significant' },
        { id: 'ines', tier: 'significant' },
      ],
      1,
    );
    const update = applyImportanceFlags(
      small,
      up(request('tam', 'significant', 'arc_important'), request('ines', 'significant', 'arc_important')),
      at(1),
    );
    expect(tierOf(update.roster, 'tam')).toBe('arc_important');
    expect(tierOf(update.roster, 'ines')).toBe('significant');
    expect(update.refused.map((item) => [item.request.character, item.why])).toEqual([
      ['ines', 'the arc_important cap of 1 is full and no one can make room'],
    ]);
    const none = applyImportanceFlags(
      roster([{ id: 'tam', tier: 'significant' }], 0),
      up(request('tam', 'significant', 'arc_important')),
      at(1),
    );
    expect(none.changes).toEqual([]);
    expect(none.refused).toHaveLength(1);
  });

  it('is never exceeded, however many promotions arrive at once', () => {
    const many = Array.from({ length: 12 }, (_, i) => request(`s${i}`, 'significant', 'arc_important'));
    const seeds = many.map((item) => ({ id: item.character, tier: 'significant' as const }));
    const update = applyImportanceFlags(roster(seeds, 8), up(...many), at(1));
    expect(countTier(update.roster, 'arc_important')).toBe(8);
    expect(update.refused).toHaveLength(4);
  });
});

describe('importance flags', () => {
  it('refuses requests for unknown characters, for the tier a character already has, and conflicting ones', () => {
    const flags = combineFlags(
      up(request('nobody', 'significant', 'arc_important'), request('kira', 'significant', 'arc_important')),
      down(request('tam', 'significant', 'background')),
      up(request('tam', 'significant', 'arc_important')),
    );
    const update = applyImportanceFlags(fullHouse(), flags, at(40));
    expect(update.changes).toEqual([]);
    expect(update.refused.map((item) => [item.request.character, item.why])).toEqual([
      ['tam', 'conflicting requests for this character'],
      ['nobody', 'not on the roster'],
      ['kira', 'already arc_important'],
      ['tam', 'conflicting requests for this character'],
    ]);
  });

  it("goes by the roster's tier, not the one the Narrator believed, and can raise a background figure", () => {
    const update = applyImportanceFlags(fullHouse(), up(request('guard', 'significant', 'significant')), at(40));
    expect(update.changes).toEqual([
      expect.objectContaining({ character: 'guard', from: 'background', to: 'significant' }),
    ]);
  });
});

describe('tier rules', () => {
  const signals = (character: string, overrides: Partial<TierSignals> = {}): TierSignals => ({
    character,
    pursuesPersona: false,
    drivesStory: false,
    arcResolved: false,
    awayFromActiveAreaSince: null,
    ...overrides,
  });

  it('asks to promote a significant character whose goals now involve the MC or who drives the story', () => {
    const flags = ruleTierRequests(
      fullHouse(),
      [
        signals('tam', { pursuesPersona: true }),
        signals('ines', { drivesStory: true }),
        signals('guard', { pursuesPersona: true }),
      ],
      at(40),
    );
    expect(flags.upgradeRequests.map((item) => [item.character, item.requested])).toEqual([
      ['tam', 'arc_important'],
      ['ines', 'arc_important'],
    ]);
    expect(flags.downgradeRequests).toEqual([]);
  });

  it('asks to demote an arc_important character whose arc resolved or who left the active area for 3 days', () => {
    const flags = ruleTierRequests(
      fullHouse(),
      [
        signals('kira', { arcResolved: true }),
        signals('halvard', { awayFromActiveAreaSince: at(40 - 72) }),
        signals('marcus', { awayFromActiveAreaSince: at(40 - 71) }),
      ],
      at(40),
    );
    expect(flags.downgradeRequests.map((item) => [item.character, item.reason])).toEqual([
      ['kira', 'rule: its arc has resolved'],
      ['halvard', 'rule: away from the active story area for 3d'],
    ]);
  });
});

describe('the roster as a value', () => {
  it('marks relevance without moving it backwards and ignores unknown characters', () => {
    const marked = markRelevant(fullHouse(), ['kira', 'halvard', 'nobody'], at(15));
    expect(marked.characters['kira']?.lastRelevantAt).toBe(at(30));
    expect(marked.characters['halvard']?.lastRelevantAt).toBe(at(15));
    expect(Object.keys(marked.characters)).not.toContain('nobody');
  });

  it('enrols a newly created character below arc_important and leaves an existing one as it is', () => {
    const enrolled = enrolCharacter(fullHouse(), 'ferryman', 'background', at(41));
    expect(enrolled.characters['ferryman']).toEqual({ tier: 'background', lastRelevantAt: at(41) });
    expect(enrolCharacter(fullHouse(), 'kira', 'background', at(41))).toEqual(fullHouse());
  });

  it('round-trips through a JSON checkpoint and refuses one over its own cap', () => {
    const saved: unknown = JSON.parse(JSON.stringify(fullHouse()));
    expect(restoreTierRoster(saved)).toEqual({ ok: true, roster: fullHouse() });
    expect(restoreTierRoster({ ...fullHouse(), cap: 2 })).toMatchObject({ ok: false });
    expect(
      restoreTierRoster({ ...fullHouse(), characters: { x: { tier: 'hero', lastRelevantAt: null } } }),
    ).toMatchObject({
      ok: false,
    });
  });
});

describe('who keeps a knowledge graph', () => {
  it('arc_important and significant characters do, background ones do not, one not yet ranked does', () => {
    expect(keepsKnowledgeGraph('arc_important')).toBe(true);
    expect(keepsKnowledgeGraph('significant')).toBe(true);
    expect(keepsKnowledgeGraph('background')).toBe(false);
    expect(keepsKnowledgeGraph(null)).toBe(true);
  });
});
