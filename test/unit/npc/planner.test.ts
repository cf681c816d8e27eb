import { describe, expect, it } from 'vitest';
import { planSimulation, type PlannerInput, type SimulationPlan } from '../../../engine/npc/index.ts';
import { at, npc } from './fixtures.ts';

const NOW = at(100);

function plan(overrides: Partial<PlannerInput>): SimulationPlan {
  return planSimulation({ now: NOW, characters: [], presentInEndedScene: [], likelyToAppear: [], ...overrides });
}

const actions = (result: SimulationPlan): Record<string, string> =>
  Object.fromEntries(result.decisions.map((decision) => [decision.character, decision.action]));

describe('simulation triggers', () => {
  it('does not simulate when no arc_important character is stale or likely to appear (rapid scenes)', () => {
    const result = plan({ characters: [npc('kira', { simulated: NOW - 30 }), npc('tam', { appeared: at(97) })] });
    expect(result.simulate).toBe(false);
    expect(result.window).toBeNull();
    expect(result.simulated).toEqual([]);
    expect(actions(result)).toEqual({ kira: 'skip', tam: 'wait' });
  });

  it('simulates once more than 6 in-world hours have passed since the last simulation, not at exactly 6', () => {
    expect(plan({ characters: [npc('kira', { simulated: at(94) })] }).simulate).toBe(false);
    const stale = plan({ characters: [npc('kira', { simulated: NOW - 361 })] });
    expect(stale.simulate).toBe(true);
    expect(stale.reasons).toEqual(['kira: stale: 6h 1m since last simulated or seen (threshold 6h)']);
  });

  it('counts staleness from the later of the last simulation and the last appearance', () => {
    expect(plan({ characters: [npc('kira', { simulated: at(80), appeared: at(97) })] }).simulate).toBe(false);
    expect(plan({ characters: [npc('kira', { simulated: at(80), appeared: at(90) })] }).simulate).toBe(true);
  });

  it('counts the hours a /skip moved the clock on before judging who is stale, and lives them', () => {
    const kira = npc('kira', { simulated: NOW - 135 });
    expect(plan({ characters: [kira] }).reasons).toEqual([
      'no eligible arc_important character is stale or likely to appear',
    ]);
    const skipped = plan({ characters: [kira], resumesAt: NOW + 12 * 60 });
    expect(skipped.simulate).toBe(true);
    expect(skipped.reasons).toEqual(['kira: stale: 14h 15m since last simulated or seen (threshold 6h)']);
    // The period starts when the scene ended and covers the skipped 12 hours (the most one period may last).
    expect(skipped.window).toEqual({
      from: NOW,
      until: NOW + 12 * 60,
      minutes: 12 * 60,
      why: 'until the end of the time skipped',
    });
    // A short skip fits the default period.
    expect(plan({ characters: [npc('kira', { simulated: NOW - 300 })], resumesAt: NOW + 120 }).window?.minutes).toBe(
      360,
    );
  });

  it('treats a character never simulated nor seen as stale', () => {
    expect(plan({ characters: [npc('kira')] }).decisions[0]?.reasons).toEqual(['never simulated or seen']);
  });

  it('simulates when an arc_important character is likely to appear, stale or not', () => {
    const result = plan({
      characters: [npc('kira', { simulated: at(97) })],
      likelyToAppear: [{ character: 'kira', why: 'the MC is heading to the Rusty Anchor' }],
    });
    expect(result.simulate).toBe(true);
    expect(result.decisions[0]?.reasons).toEqual(['likely to appear: the MC is heading to the Rusty Anchor']);
  });
});

describe('all-or-nothing', () => {
  it('simulates every eligible arc_important character when any one triggers, and says why', () => {
    const result = plan({
      characters: [
        npc('tam', { simulated: at(97) }),
        npc('kira', { simulated: at(90) }),
        npc('halvard', { appeared: at(99) }),
      ],
    });
    expect(result.simulated).toEqual(['halvard', 'kira', 'tam']);
    expect(result.decisions.find((d) => d.character === 'tam')?.reasons).toEqual([
      'not stale: 3h since last simulated or seen (threshold 6h)',
      'all-or-nothing: kept in step',
    ]);
  });

  it('decides the same whatever order the characters arrive in', () => {
    const characters = [npc('tam', { simulated: at(97) }), npc('kira', { simulated: at(90) }), npc('ines')];
    expect(plan({ characters })).toEqual(plan({ characters: [...characters].reverse() }));
  });
});

describe('skip conditions', () => {
  it('skips characters present in the scene that just ended, even when the others simulate', () => {
    const result = plan({
      characters: [npc('kira', { simulated: at(80) }), npc('tam', { simulated: at(80) })],
      presentInEndedScene: ['tam'],
    });
    expect(actions(result)).toEqual({ kira: 'simulate', tam: 'skip' });
    expect(result.decisions[1]?.reasons).toEqual(['present in the scene that just ended (already up to date)']);
  });

  it('skips characters simulated within the last 2 in-world hours, 2 hours included', () => {
    const result = plan({
      characters: [
        npc('kira', { simulated: at(80) }),
        npc('tam', { simulated: at(98) }),
        npc('ines', { simulated: NOW - 121 }),
      ],
    });
    expect(actions(result)).toEqual({ ines: 'simulate', kira: 'simulate', tam: 'skip' });
  });

  it('lets no skipped character trigger a simulation: an up-to-date character has nothing to catch up on', () => {
    const result = plan({
      characters: [npc('kira', { simulated: at(99) }), npc('tam', { simulated: at(97) })],
      presentInEndedScene: [],
      likelyToAppear: [{ character: 'kira', why: 'she lives next door' }],
    });
    expect(result.simulate).toBe(false);
  });

  it('ignores significant and background characters for triggers and decisions', () => {
    const result = plan({ characters: [npc('tam', {}, 'significant'), npc('guard', {}, 'background')] });
    expect(result.simulate).toBe(false);
    expect(result.decisions).toEqual([]);
  });
});

describe('significant_for_inference', () => {
  it('lists the significant characters likely to appear, except those just seen', () => {
    const result = plan({
      characters: [
        npc('tam', {}, 'significant'),
        npc('ines', {}, 'significant'),
        npc('guard', {}, 'background'),
        npc('kira', { simulated: at(99) }),
      ],
      presentInEndedScene: ['ines'],
      likelyToAppear: [
        { character: 'tam', why: 'his office is on the way' },
        { character: 'ines', why: 'she followed the MC' },
        { character: 'guard', why: 'posted at the gate' },
        { character: 'kira', why: 'nearby' },
      ],
    });
    expect(result.significantForInference).toEqual([{ character: 'tam', why: 'his office is on the way' }]);
  });
});

describe('the simulation period', () => {
  const stale = [npc('kira')];

  it('is 6 in-world hours from now by default', () => {
    expect(plan({ characters: stale }).window).toEqual({
      from: NOW,
      until: NOW + 360,
      minutes: 360,
      why: 'the default period (6h)',
    });
  });

  it('runs until a natural break, longer than the default if need be, but no more than 12 hours', () => {
    expect(plan({ characters: stale, naturalBreak: { at: at(109), label: 'morning' } }).window).toMatchObject({
      until: at(109),
      why: 'until morning',
    });
    expect(plan({ characters: stale, naturalBreak: { at: at(130), label: 'market day' } }).window).toMatchObject({
      until: at(112),
      why: 'until market day, capped at 12h',
    });
  });

  it('is cut short by a likely encounter, and never runs past one', () => {
    const encounter = { at: at(102), why: 'the MC is heading to the docks' };
    expect(plan({ characters: stale, likelyEncounter: encounter }).window).toMatchObject({
      until: at(102),
      minutes: 120,
      why: 'until a likely encounter: the MC is heading to the docks',
    });
    expect(
      plan({ characters: stale, likelyEncounter: encounter, naturalBreak: { at: at(109), label: 'morning' } }).window
        ?.until,
    ).toBe(at(102));
  });

  it('ignores an encounter after the period ends and times not after now', () => {
    const later = plan({ characters: stale, likelyEncounter: { at: at(120), why: 'tomorrow' } });
    expect(later.window?.until).toBe(NOW + 360);
    const past = plan({
      characters: stale,
      likelyEncounter: { at: NOW, why: 'now' },
      naturalBreak: { at: at(90), label: 'dusk' },
    });
    expect(past.window?.why).toBe('the default period (6h)');
  });
});
