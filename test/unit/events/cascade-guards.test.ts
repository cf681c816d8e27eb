import { describe, expect, it } from 'vitest';
import type { Subscription } from '../../../engine/events/index.ts';
import { atom, cascade, chain, reveal, setStep } from './cascade-fixtures.ts';
import { eventRecord, subscription } from './fixtures.ts';

describe('cascade priority', () => {
  const arrivalRecord = eventRecord({ type: 'CharacterArrival', character: 'wolf', scene_id: 's5' });

  it('a deferred effect of a scene-local trigger waits for the scene boundary', () => {
    const sub = subscription({
      id: 'ripple',
      predicate: atom('CharacterArrived(wolf)'),
      effects: [
        { kind: 'ShiftRelationship', from: 'player', to: 'wolf', dimension: 'trust', delta: -0.1 },
        { kind: 'ShiftRelationship', from: 'sarah', to: 'wolf', dimension: 'trust', delta: -0.05, tier: 'deferred' },
      ],
    });
    const { result, truth } = cascade([sub], [arrivalRecord]);
    expect(result.applied).toHaveLength(2);
    expect(result.deferred.map((d) => [d.reason, d.effect?.kind])).toEqual([['deferred_tier', 'ShiftRelationship']]);
    expect(truth.accumulators.has('relationship(sarah,wolf,trust)')).toBe(false);
  });

  it('a deferred trigger runs now when promoted, and waits otherwise', () => {
    const effects = [{ kind: 'RevealFact', gate: 'betrayal', recipient: 'sarah' }];
    const waiting = cascade(
      [subscription({ id: 'd', tier: 'deferred', predicate: atom('CharacterArrived(wolf)'), effects })],
      [arrivalRecord],
    ).result;
    expect(waiting.deferred.map((d) => d.reason)).toEqual(['deferred_tier']);
    const promoted = cascade(
      [
        subscription({
          id: 'd',
          tier: 'deferred',
          promotion: 'NarrativeGraphAltering',
          predicate: atom('CharacterArrived(wolf)'),
          effects,
        }),
      ],
      [arrivalRecord],
    ).result;
    expect(promoted.deferred).toEqual([]);
    expect(promoted.applied).toHaveLength(2);
  });

  it('immediate events are applied before scene-local ones within a level', () => {
    const subs = [
      subscription({
        id: 'slow',
        tier: 'scene_local',
        predicate: atom('CharacterArrived(wolf)'),
        effects: [{ kind: 'RevealFact', gate: 'slow', recipient: 'player' }],
      }),
      subscription({
        id: 'fast',
        tier: 'immediate',
        predicate: atom('CharacterArrived(wolf)'),
        effects: [{ kind: 'RevealFact', gate: 'fast', recipient: 'player' }],
      }),
    ];
    const { result } = cascade(subs, [arrivalRecord]);
    expect(
      result.applied.map((e) =>
        e.record.kind === 'event' && e.record.event.type === 'InformationRevealed' ? e.record.event.gate_id : '-',
      ),
    ).toEqual(['-', 'fast', 'slow']);
  });
});

describe('oscillation guards', () => {
  /** X: revealing a reveals b; Y: revealing b reveals a — a loop A → X → B → Y → A. */
  const loop = (lifecycle: object): Subscription[] => [
    subscription({
      id: 'X',
      lifecycle,
      predicate: atom('InformationRevealed(a,player)'),
      effects: [{ kind: 'RevealFact', gate: 'b', recipient: 'player' }],
    }),
    subscription({
      id: 'Y',
      lifecycle,
      predicate: atom('InformationRevealed(b,player)'),
      effects: [{ kind: 'RevealFact', gate: 'a', recipient: 'player' }],
    }),
  ];

  it('OneShot subscriptions fire once and are removed', () => {
    const { result, triggers } = cascade(loop({ kind: 'OneShot' }), [reveal('a')]);
    expect(result.firings.map((f) => f.subscriptionId)).toEqual(['X', 'Y']);
    expect(triggers.size).toBe(0);
    expect(result.applied).toHaveLength(3);
  });

  it('Ongoing subscriptions are held by their refractory period within the turn', () => {
    const { result } = cascade(loop({ kind: 'Ongoing' }), [reveal('a')]);
    expect(result.firings.map((f) => f.subscriptionId)).toEqual(['X', 'Y']);
    expect(result.held.map((h) => [h.subscriptionId, h.reason])).toEqual([['X', 'refractory']]);
    expect(result.deferred).toEqual([]);
  });

  it('cycle detection suppresses a recurring (event, subscription) pair even without a refractory period', () => {
    const { result } = cascade(loop({ kind: 'Ongoing', refractoryTurns: 0 }), [reveal('a')]);
    expect(result.firings.map((f) => f.subscriptionId)).toEqual(['X', 'Y']);
    expect(result.held.map((h) => [h.subscriptionId, h.reason])).toEqual([['X', 'cycle']]);
    expect(result.deferred).toEqual([]);
  });

  it('cycle detection guards a self-loop and UntilCondition subscriptions', () => {
    const selfLoop = subscription({
      id: 'self',
      lifecycle: { kind: 'UntilCondition', until: atom('GateFired(never)') },
      predicate: atom('RelationshipShifted(player,wolf,trust)'),
      effects: [{ kind: 'ShiftRelationship', from: 'player', to: 'wolf', dimension: 'trust', delta: -0.1 }],
    });
    const { result, truth } = cascade(
      [selfLoop],
      [eventRecord({ type: 'RelationshipShifted', from: 'player', to: 'wolf', dimension: 'trust', delta: -0.1 })],
    );
    expect(result.firings).toHaveLength(1);
    expect(result.held.map((h) => h.reason)).toEqual(['cycle']);
    expect(truth.accumulators.get('relationship(player,wolf,trust)')).toBeCloseTo(-0.2, 10);
  });

  it('the same cascade gives the same result (replay determinism)', () => {
    const run = () => {
      const { result, truth } = cascade(
        [...loop({ kind: 'Ongoing', refractoryTurns: 0 }), ...chain(10)],
        [reveal('a'), setStep(0)],
      );
      return { result, truth: truth.snapshot() };
    };
    expect(run()).toEqual(run());
  });
});
