import { describe, expect, it } from 'vitest';
import { applyEntry, eventPropositions, TruthSet } from '../../../engine/events/index.ts';
import { arrival, departure, entries, eventRecord, judgment, judgmentRecord, trustShift } from './fixtures.ts';

function truthOf(...records: Parameters<typeof entries>[0]): TruthSet {
  const truth = new TruthSet();
  for (const entry of entries(records)) applyEntry(truth, entry);
  return truth;
}

describe('event → proposition translation', () => {
  it('TrustShift at 0.72 weighs TrustEroding(player,wolf) 0.72 and moves the accumulator by −0.15', () => {
    const truth = truthOf(judgmentRecord(trustShift('j1', 0.72)));
    expect(truth.interpretive.get('TrustEroding(player,wolf)')).toMatchObject({
      confidence: 0.72,
      source: 'provisional',
      judgmentId: 'j1',
    });
    expect(truth.accumulators.get('trust_delta(player,wolf)')).toBeCloseTo(-0.15, 10);
    expect(truth.factual.has('TrustEroding(player,wolf)')).toBe(false);
  });

  it('pick_up makes a persistent Holding and a momentary ActionOccurred in the temporal index', () => {
    const pickUp = eventRecord({ type: 'ActionPerformed', actor: 'player', action: 'pick_up', target: 'stone' });
    expect(eventPropositions({ type: 'ActionPerformed', actor: 'player', action: 'pick_up', target: 'stone' })).toEqual(
      [
        { op: 'momentary', key: 'ActionOccurred(pick_up,stone)' },
        { op: 'assert', key: 'Holding(player,stone)', slot: null },
      ],
    );
    const truth = truthOf(pickUp);
    expect(truth.factual.has('Holding(player,stone)')).toBe(true);
    expect(truth.factual.has('ActionOccurred(pick_up,stone)')).toBe(false);
    expect(truth.history.get('ActionOccurred(pick_up,stone)')).toEqual([
      { turn: 1, seq: 1, confidence: 1, judgmentId: null },
    ]);
    expect(truth.assertedIn(1).sort()).toEqual(['ActionOccurred(pick_up,stone)', 'Holding(player,stone)']);
    applyEntry(truth, {
      seq: 2,
      turn: 2,
      record: eventRecord({ type: 'ActionPerformed', actor: 'player', action: 'drop', target: 'stone' }),
    });
    expect(truth.factual.has('Holding(player,stone)')).toBe(false);
  });

  it('CharacterPresent persists from arrival until departure', () => {
    const truth = truthOf(arrival('wolf'));
    expect(truth.factual.get('CharacterPresent(wolf)')?.since).toEqual({ turn: 1, seq: 1 });
    applyEntry(truth, { seq: 2, turn: 3, record: departure('wolf') });
    expect(truth.factual.has('CharacterPresent(wolf)')).toBe(false);
  });

  it('a slot holds one proposition: moving retracts the previous location', () => {
    const truth = truthOf(
      eventRecord({ type: 'MovementAction', actor: 'player', from: 'dock', to: 'tower' }),
      eventRecord({ type: 'MovementAction', actor: 'player', from: 'tower', to: 'cellar' }),
    );
    expect(truth.factual.has('At(player,tower)')).toBe(false);
    expect(truth.factual.has('At(player,cellar)')).toBe(true);
  });

  it('world state keeps one value per key', () => {
    const truth = truthOf(
      eventRecord({ type: 'WorldStateChanged', key: 'door', old_value: null, new_value: 'closed' }),
      eventRecord({ type: 'WorldStateChanged', key: 'door', old_value: 'closed', new_value: 'open' }),
    );
    expect([...truth.factual.keys()]).toEqual(['WorldState(door,open)']);
  });

  it('a refined judgment replaces the provisional one: proposition, source and accumulator delta', () => {
    const refined = judgment(
      'j2',
      { kind: 'TrustShift', between: ['player', 'wolf'], direction: 'negative', magnitude: 0.22 },
      0.85,
      {
        standing: 'refined',
        replaces: 'j1',
      },
    );
    const truth = truthOf(judgmentRecord(trustShift('j1', 0.7)), judgmentRecord(refined));
    expect(truth.interpretive.get('TrustEroding(player,wolf)')).toMatchObject({
      confidence: 0.85,
      source: 'refined',
      judgmentId: 'j2',
    });
    expect(truth.accumulators.get('trust_delta(player,wolf)')).toBeCloseTo(-0.22, 10);
    expect(truth.history.get('TrustEroding(player,wolf)')?.map((o) => o.judgmentId)).toEqual(['j2']);
  });

  it('a refined judgment of the opposite direction withdraws the provisional proposition', () => {
    const refined = judgment(
      'j2',
      { kind: 'TrustShift', between: ['player', 'wolf'], direction: 'positive', magnitude: 0.1 },
      0.8,
      {
        standing: 'refined',
        replaces: 'j1',
      },
    );
    const truth = truthOf(judgmentRecord(trustShift('j1', 0.7)), judgmentRecord(refined));
    expect(truth.interpretive.has('TrustEroding(player,wolf)')).toBe(false);
    expect(truth.interpretive.get('TrustGrowing(player,wolf)')?.confidence).toBe(0.8);
    expect(truth.accumulators.get('trust_delta(player,wolf)')).toBeCloseTo(0.1, 10);
  });

  it('reports exactly the keys an entry changed', () => {
    const truth = truthOf(arrival('wolf'));
    const changes = applyEntry(truth, { seq: 2, turn: 1, record: arrival('wolf') });
    expect([...changes.propositions]).toEqual(['CharacterArrived(wolf)']);
  });
});
