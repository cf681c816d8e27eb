import { describe, expect, it } from 'vitest';
import {
  applyEntry,
  DEFAULT_MIN_CONFIDENCE,
  evaluate,
  eventPropositions,
  TruthSet,
} from '../../../engine/events/index.ts';
import { arrival, departure, entries, eventRecord, judgment, judgmentRecord, trustShift } from './fixtures.ts';

/** The default min_confidence: judgments below it move no accumulator. */
const MIN = DEFAULT_MIN_CONFIDENCE;

function truthOf(...records: Parameters<typeof entries>[0]): TruthSet {
  const truth = new TruthSet();
  for (const entry of entries(records)) applyEntry(truth, entry, MIN);
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
    applyEntry(
      truth,
      {
        seq: 2,
        turn: 2,
        record: eventRecord({ type: 'ActionPerformed', actor: 'player', action: 'drop', target: 'stone' }),
      },
      MIN,
    );
    expect(truth.factual.has('Holding(player,stone)')).toBe(false);
  });

  it('CharacterPresent persists from arrival until departure', () => {
    const truth = truthOf(arrival('wolf'));
    expect(truth.factual.get('CharacterPresent(wolf)')?.since).toEqual({ turn: 1, seq: 1 });
    applyEntry(truth, { seq: 2, turn: 3, record: departure('wolf') }, MIN);
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
    const changes = applyEntry(truth, { seq: 2, turn: 1, record: arrival('wolf') }, MIN);
    expect([...changes.propositions]).toEqual(['CharacterArrived(wolf)']);
  });
});

describe('accumulators count only judgments that count (ARCHITECTURE §8.5)', () => {
  const warming = (id: string, confidence: number, extra: Parameters<typeof judgment>[3] = {}) =>
    judgment(
      id,
      { kind: 'TrustShift', between: ['player', 'wolf'], direction: 'positive', magnitude: 0.15 },
      confidence,
      extra,
    );

  it('four judgments at confidence 0.2 move trust_delta not at all: an atLeast 0.5 atom stays unfired', () => {
    const truth = truthOf(...['n1', 'n2', 'n3', 'n4'].map((id) => judgmentRecord(warming(id, 0.2))));
    expect(truth.accumulators.get('trust_delta(player,wolf)') ?? 0).toBe(0);
    const atLeast = {
      kind: 'Atom',
      accumulator: 'trust_delta(player,wolf)',
      op: 'atLeast',
      value: 0.5,
    } as const;
    expect(evaluate(atLeast, { truth, turn: 1, minConfidence: MIN }).fired).toBe(false);
    // The weighed proposition is still there for the debug panel, at its own (too low) confidence.
    expect(truth.interpretive.get('TrustGrowing(player,wolf)')?.confidence).toBe(0.2);
  });

  it("the story's min_confidence decides: 0.45 counts at 0.4 and not at 0.5", () => {
    const counted = new TruthSet();
    applyEntry(counted, { seq: 1, turn: 1, record: judgmentRecord(warming('j', 0.45)) }, 0.4);
    expect(counted.accumulators.get('trust_delta(player,wolf)')).toBeCloseTo(0.15, 10);
    const ignored = new TruthSet();
    applyEntry(ignored, { seq: 1, turn: 1, record: judgmentRecord(warming('j', 0.45)) }, 0.5);
    expect(ignored.accumulators.get('trust_delta(player,wolf)') ?? 0).toBe(0);
  });

  it('a Stage 4 rejection (confidence 0) takes back the provisional +0.3 and adds nothing', () => {
    const provisional = judgment(
      'p1',
      { kind: 'TrustShift', between: ['player', 'wolf'], direction: 'positive', magnitude: 0.3 },
      0.7,
    );
    const rejection = judgment(
      'r1',
      { kind: 'TrustShift', between: ['player', 'wolf'], direction: 'positive', magnitude: 0.3 },
      0,
      { standing: 'refined', replaces: 'p1' },
    );
    const truth = truthOf(judgmentRecord(provisional));
    expect(truth.accumulators.get('trust_delta(player,wolf)')).toBeCloseTo(0.3, 10);
    applyEntry(truth, { seq: 2, turn: 1, record: judgmentRecord(rejection) }, MIN);
    expect(truth.accumulators.get('trust_delta(player,wolf)')).toBeCloseTo(0, 10);
  });
});
