import { describe, expect, it } from 'vitest';
import {
  applyShifts,
  emptyStandings,
  ownStandingText,
  restoreStandings,
  ruleTierRequests,
  strongTies,
  createTierRoster,
  emptySocialGraph,
  spreadNews,
  withWarmTies,
} from '../../../engine/npc/index.ts';

const shift = (from: string, to: string, dimension: string, by: number, why = '') => ({ from, to, dimension, by, why });

describe('standings between characters', () => {
  it('are directed, clamped to −1…1, rounded, and keep the last reason they moved', () => {
    const standings = applyShifts(emptyStandings(), [
      shift('kit', 'sam', 'trust', 0.45, 'the penny'),
      shift('kit', 'sam', 'trust', 0.45, ''),
      shift('kit', 'sam', 'trust', 0.45, 'kept her secret'),
      shift('sam', 'kit', 'fear', -0.1 - 0.2, 'a child'),
      shift('kit', 'kit', 'trust', 1),
    ]);
    expect(standings.sides).toEqual([
      { from: 'kit', to: 'sam', values: { trust: 1 }, why: 'kept her secret' },
      { from: 'sam', to: 'kit', values: { fear: -0.3 }, why: 'a child' },
    ]);
  });

  it('are strong at ±0.6 on any dimension, from either side of the pair', () => {
    const standings = applyShifts(emptyStandings(), [
      shift('hale', 'anselm', 'trust', -0.6),
      shift('kit', 'sam', 'trust', 0.5),
    ]);
    expect(strongTies(standings, 'anselm')).toEqual(['hale']);
    expect(strongTies(standings, 'hale')).toEqual(['anselm']);
    expect(strongTies(standings, 'kit')).toEqual([]);
  });

  it('show a character only its own side', () => {
    const standings = applyShifts(emptyStandings(), [
      shift('kit', 'sam', 'trust', 0.6, 'the penny'),
      shift('sam', 'kit', 'fear', 0.2, 'SAM-PRIVATE'),
    ]);
    const name = (id: string) => ({ kit: 'Kit', sam: 'Sam' })[id] ?? id;
    expect(ownStandingText(standings, 'kit', name)).toBe('Sam: trust +0.60 (the penny)');
    expect(ownStandingText(standings, 'kit', name)).not.toContain('SAM-PRIVATE');
  });

  it('carry news along warm sides for the ripple; fear passes none', () => {
    const standings = applyShifts(emptyStandings(), [
      shift('kit', 'magdalen', 'trust', 0.8),
      shift('silas', 'hale', 'fear', 0.9),
    ]);
    const paths = withWarmTies(emptySocialGraph(), standings);
    expect(spreadNews(paths, ['kit']).map((reached) => reached.id)).toEqual(['magdalen']);
    expect(spreadNews(paths, ['silas'])).toEqual([]);
  });

  it('restore from a checkpoint, none from a save that had none, and report a malformed one', () => {
    expect(restoreStandings(null)).toEqual({ ok: true, standings: emptyStandings() });
    expect(restoreStandings({ version: 1, sides: [{ from: 'a', to: 'b', values: { trust: 2 }, why: '' }] }).ok).toBe(
      false,
    );
  });

  it('promote a significant character who stands strongly with the persona', () => {
    const created = createTierRoster([{ id: 'kit', tier: 'significant' }]);
    if (!created.ok) throw new Error(created.problems.join('; '));
    const signal = {
      character: 'kit',
      pursuesPersona: false,
      drivesStory: false,
      arcResolved: false,
      awayFromActiveAreaSince: null,
    };
    expect(ruleTierRequests(created.roster, [signal], 0).upgradeRequests).toEqual([]);
    expect(ruleTierRequests(created.roster, [{ ...signal, strongWithPersona: true }], 0).upgradeRequests).toEqual([
      expect.objectContaining({ character: 'kit', requested: 'arc_important' }),
    ]);
  });
});
