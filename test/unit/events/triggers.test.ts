import { describe, expect, it } from 'vitest';
import {
  applyEntry,
  DEFAULT_MIN_CONFIDENCE,
  defaultAgentSubscriptions,
  effectiveTier,
  routeRecord,
  subscriptionSchema,
  TriggerIndex,
  TruthSet,
  type LedgerRecord,
} from '../../../engine/events/index.ts';
import { arrival, departure, eventRecord, judgment, judgmentRecord, subscription, trustShift } from './fixtures.ts';

/** The default min_confidence: judgments below it move no accumulator. */
const MIN = DEFAULT_MIN_CONFIDENCE;

const present = (who: string) => ({ kind: 'Atom', proposition: `CharacterPresent(${who})` });
const arrived = { kind: 'Atom', proposition: 'CharacterArrived(wolf)' };

function step(truth: TruthSet, triggers: TriggerIndex, record: LedgerRecord, turn: number, seq: number) {
  const changes = applyEntry(truth, { seq, turn, record }, MIN);
  return triggers.evaluateChanges(changes, { truth, turn, minConfidence: 0.5 });
}

describe('incremental trigger evaluation', () => {
  it('evaluates only the subscriptions whose atoms changed', () => {
    const triggers = new TriggerIndex([
      subscription({ id: 'wolf-here', predicate: present('wolf') }),
      subscription({ id: 'sarah-here', predicate: present('sarah') }),
      subscription({
        id: 'wolf-and-trust',
        predicate: { kind: 'All', of: [present('wolf'), { kind: 'Atom', proposition: 'TrustEroding(player,wolf)' }] },
      }),
      subscription({
        id: 'trust-low',
        predicate: { kind: 'Atom', accumulator: 'trust_delta(player,wolf)', op: 'atMost', value: -0.1 },
      }),
    ]);
    const truth = new TruthSet();
    const first = step(truth, triggers, arrival('wolf'), 1, 1);
    expect(first.evaluated).toEqual(['wolf-here', 'wolf-and-trust']);
    expect(first.candidates.map((c) => c.subscription.id)).toEqual(['wolf-here']);
    expect(first.traces.get('wolf-and-trust')?.reason).toBe('1 do not hold');
    const second = step(truth, triggers, judgmentRecord(trustShift('j', 0.72)), 1, 2);
    expect(second.evaluated).toEqual(['wolf-and-trust', 'trust-low']);
    expect(second.candidates.map((c) => [c.subscription.id, c.trace.score])).toEqual([
      ['wolf-and-trust', 0.72],
      ['trust-low', 1],
    ]);
  });

  it('a removed subscription is no longer evaluated', () => {
    const triggers = new TriggerIndex([subscription({ id: 'a', predicate: present('wolf') })]);
    triggers.remove('a');
    expect(step(new TruthSet(), triggers, arrival('wolf'), 1, 1).evaluated).toEqual([]);
  });
});

describe('subscription lifecycles', () => {
  it('OneShot fires once and is removed', () => {
    const triggers = new TriggerIndex([
      subscription({ id: 'once', predicate: present('wolf'), lifecycle: { kind: 'OneShot' } }),
    ]);
    const truth = new TruthSet();
    expect(step(truth, triggers, arrival('wolf'), 1, 1).candidates).toHaveLength(1);
    triggers.recordFiring('once', 1);
    expect(triggers.has('once')).toBe(false);
    step(truth, triggers, departure('wolf'), 2, 2);
    expect(step(truth, triggers, arrival('wolf'), 3, 3).evaluated).toEqual([]);
  });

  it('Ongoing defaults to a refractory period of 1 turn', () => {
    // CharacterArrived is momentary: each arrival changes it, so the subscription is evaluated each time.
    const authored = subscription({ id: 'on', predicate: arrived });
    expect(authored.lifecycle).toEqual({ kind: 'Ongoing', refractoryTurns: 1 });
    const triggers = new TriggerIndex([authored]);
    const truth = new TruthSet();
    step(truth, triggers, arrival('wolf'), 1, 1);
    triggers.recordFiring('on', 1);
    const sameTurn = step(truth, triggers, arrival('wolf'), 1, 2);
    expect(sameTurn.candidates).toEqual([]);
    expect(sameTurn.held.map((h) => [h.subscriptionId, h.reason])).toEqual([['on', 'refractory']]);
    expect(step(truth, triggers, arrival('wolf'), 2, 3).candidates).toHaveLength(1);
  });

  it('the refractory state survives a save: fired turns are restored', () => {
    const saved = new TriggerIndex([subscription({ id: 'on', predicate: arrived })]);
    saved.recordFiring('on', 5);
    const reloaded = new TriggerIndex([subscription({ id: 'on', predicate: arrived })]);
    reloaded.restoreFiredTurns(saved.firedTurns());
    expect(step(new TruthSet(), reloaded, arrival('wolf'), 5, 1).held.map((h) => h.reason)).toEqual(['refractory']);
  });

  it('a refractory period of N turns holds the trigger for N turns', () => {
    const triggers = new TriggerIndex([
      subscription({ id: 'on', predicate: arrived, lifecycle: { kind: 'Ongoing', refractoryTurns: 3 } }),
    ]);
    const truth = new TruthSet();
    step(truth, triggers, arrival('wolf'), 1, 1);
    triggers.recordFiring('on', 1);
    expect(step(truth, triggers, arrival('wolf'), 3, 2).held).toHaveLength(1);
    expect(step(truth, triggers, arrival('wolf'), 4, 3).candidates).toHaveLength(1);
  });

  it('UntilCondition fires until its condition holds, then is removed', () => {
    const triggers = new TriggerIndex([
      subscription({
        id: 'until',
        predicate: present('wolf'),
        lifecycle: { kind: 'UntilCondition', until: { kind: 'Atom', proposition: 'GateFired(secret)' } },
      }),
    ]);
    const truth = new TruthSet();
    expect(step(truth, triggers, arrival('wolf'), 1, 1).candidates).toHaveLength(1);
    const expiring = step(truth, triggers, eventRecord({ type: 'GateFired', gate_id: 'secret', scene_id: 's5' }), 2, 2);
    expect(expiring.expired).toEqual(['until']);
    expect(triggers.has('until')).toBe(false);
  });
});

describe('priority tiers', () => {
  it('a deferred subscription with a promotion reason is processed as scene-local', () => {
    expect(effectiveTier('deferred', 'NarrativeGraphAltering')).toBe('scene_local');
    expect(effectiveTier('deferred', null)).toBe('deferred');
    expect(effectiveTier('immediate', 'SafetyCritical')).toBe('immediate');
    expect(
      subscriptionSchema.safeParse({
        id: 'x',
        subscriber: 'y',
        predicate: present('wolf'),
        promotion: 'BecauseISaidSo',
      }).success,
    ).toBe(false);
  });
});

describe('default agent subscriptions', () => {
  const routes = defaultAgentSubscriptions(['wolf', 'sarah']);
  const nearby = (character: string): ReadonlySet<string> => new Set(character === 'wolf' ? ['stone'] : []);
  const reached = (record: LedgerRecord) => routeRecord(record, routes, nearby).map((r) => `${r.subscriber}@${r.tier}`);

  it('the flying player reaches the World Agent at Tier 1 and no Character Agent', () => {
    expect(reached(eventRecord({ type: 'ActionPerformed', actor: 'player', action: 'fly', target: null }))).toEqual([
      'world@immediate',
      'storykeeper@deferred',
    ]);
    expect(
      reached(eventRecord({ type: 'ConstraintViolation', actor: 'player', action: 'fly', constraint: 'no_flight' })),
    ).toEqual(['storykeeper@immediate', 'storykeeper@deferred']);
  });

  it('speech reaches the addressee only; actions reach the target or who is nearby', () => {
    expect(
      reached(eventRecord({ type: 'SpeechAct', speaker: 'player', addressee: 'wolf', content_hash: 'h' })),
    ).toEqual(['storykeeper@deferred', 'character:wolf@scene_local']);
    expect(
      reached(eventRecord({ type: 'ActionPerformed', actor: 'player', action: 'pick_up', target: 'stone' })),
    ).toContain('character:wolf@scene_local');
    expect(
      reached(eventRecord({ type: 'ActionPerformed', actor: 'player', action: 'pick_up', target: 'stone' })),
    ).not.toContain('character:sarah@scene_local');
  });

  it('judgments reach the Storykeeper and the characters they involve', () => {
    expect(reached(judgmentRecord(trustShift('j', 0.7)))).toEqual([
      'storykeeper@scene_local',
      'storykeeper@deferred',
      'character:wolf@scene_local',
    ]);
    expect(reached(judgmentRecord(judgment('s', { kind: 'NarrativeStasis', duration_turns: 3 }, 0.9)))).toEqual([
      'storykeeper@scene_local',
      'storykeeper@scene_local',
      'storykeeper@deferred',
    ]);
  });

  it('Character Agents have no Tier 1 routes', () => {
    expect(routes.filter((r) => r.subscriber.startsWith('character:') && r.tier === 'immediate')).toEqual([]);
  });
});
