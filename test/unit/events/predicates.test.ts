import { describe, expect, it } from 'vitest';
import {
  applyEntry,
  DEFAULT_MIN_CONFIDENCE,
  boundedPredicateSchema,
  evaluate,
  TruthSet,
  type Predicate,
} from '../../../engine/events/index.ts';
import { arrival, entries, eventRecord, judgment, judgmentRecord, trustShift } from './fixtures.ts';

/** The default min_confidence: judgments below it move no accumulator. */
const MIN = DEFAULT_MIN_CONFIDENCE;

const atom = (proposition: string): Predicate => ({ kind: 'Atom', proposition });
const at = (truth: TruthSet, predicate: Predicate, minConfidence = 0.5, turn = 1) =>
  evaluate(predicate, { truth, turn, minConfidence });

/** A = CharacterPresent(wolf) (factual), B = TrustEroding(player,wolf) 0.72, C = VulnerabilityExpressed(wolf) at `c`. */
function spec(c: number): TruthSet {
  const truth = new TruthSet();
  const records = [
    arrival('wolf'),
    judgmentRecord(trustShift('b', 0.72)),
    judgmentRecord(judgment('c', { kind: 'VulnerabilityExpressed', character: 'wolf' }, c)),
  ];
  for (const entry of entries(records)) applyEntry(truth, entry, MIN);
  return truth;
}
const A = atom('CharacterPresent(wolf)');
const B = atom('TrustEroding(player,wolf)');
const C = atom('VulnerabilityExpressed(wolf)');
const threshold: Predicate = { kind: 'Threshold', of: [A, B, C], minMatch: 2 };

describe('confidence-weighted evaluation (ARCHITECTURE §8.5)', () => {
  it('All(CharacterPresent(wolf), TrustEroding(player,wolf)) holds with effective confidence 0.72', () => {
    const trace = at(spec(0.45), { kind: 'All', of: [A, B] });
    expect(trace).toMatchObject({ fired: true, score: 0.72 });
    expect(trace.children.map((child) => child.reason)).toEqual(['factual', 'provisional confidence 0.72']);
  });

  it('marks a result that rests on a provisional judgment (it may be revised by Stage 4)', () => {
    expect(at(spec(0.45), { kind: 'All', of: [A, B] }).provisional).toBe(true);
    expect(at(spec(0.45), A).provisional).toBe(false);
    expect(at(spec(0.45), { kind: 'Any', of: [A, C] }).provisional).toBe(false);
  });

  it('the Threshold example fires at 2.17 with min_confidence 0.4', () => {
    const trace = at(spec(0.45), threshold, 0.4);
    expect(trace.fired).toBe(true);
    expect(trace.score).toBeCloseTo(2.17, 10);
    expect(trace.reason).toBe('sum 2.17 ≥ 2');
  });

  it('the Threshold example does not fire at the default 0.5: C counts 0 (1.72)', () => {
    const trace = at(spec(0.45), threshold);
    expect(trace.fired).toBe(false);
    expect(trace.score).toBeCloseTo(1.72, 10);
    expect(trace.children[2]?.reason).toBe('provisional confidence 0.45 below min_confidence 0.5');
  });

  it('with C at 0.2 the sum is 1.92 < 2 even at min_confidence 0.1', () => {
    const trace = at(spec(0.2), threshold, 0.1);
    expect(trace.fired).toBe(false);
    expect(trace.score).toBeCloseTo(1.92, 10);
  });

  it('a sub-threshold atom counts 0 everywhere: All, Any, Not', () => {
    const truth = spec(0.45);
    expect(at(truth, { kind: 'All', of: [A, C] })).toMatchObject({ fired: false, score: 0 });
    expect(at(truth, { kind: 'Any', of: [C] })).toMatchObject({ fired: false, score: 0 });
    expect(at(truth, { kind: 'Not', of: C })).toMatchObject({ fired: true, score: 1 });
    expect(at(truth, { kind: 'Any', of: [B, C] }, 0.4)).toMatchObject({ fired: true, score: 0.72 });
  });

  it('Difference: included holds and excluded does not', () => {
    const truth = spec(0.45);
    expect(at(truth, { kind: 'Difference', include: B, exclude: atom('CharacterPresent(sarah)') })).toMatchObject({
      fired: true,
      score: 0.72,
    });
    expect(at(truth, { kind: 'Difference', include: B, exclude: A }).reason).toBe('the excluded predicate holds');
  });

  it('accumulator atoms compare the accumulated value', () => {
    const truth = spec(0.45);
    expect(at(truth, { kind: 'Atom', accumulator: 'trust_delta(player,wolf)', op: 'atMost', value: -0.15 }).fired).toBe(
      true,
    );
    expect(at(truth, { kind: 'Atom', accumulator: 'trust_delta(player,wolf)', op: 'atMost', value: -0.3 }).fired).toBe(
      false,
    );
  });
});

describe('temporal predicates', () => {
  const speak = eventRecord({ type: 'SpeechAct', speaker: 'player', addressee: 'wolf', content_hash: 'h' });
  const gate = eventRecord({ type: 'GateFired', gate_id: 'secret', scene_id: 's5' });
  function timeline(): TruthSet {
    const truth = new TruthSet();
    applyEntry(truth, { seq: 1, turn: 1, record: arrival('wolf') }, MIN);
    applyEntry(truth, { seq: 2, turn: 2, record: gate }, MIN);
    applyEntry(truth, { seq: 3, turn: 3, record: speak }, MIN);
    return truth;
  }

  it('After: occurred after the anchor, not before it', () => {
    const truth = timeline();
    expect(
      at(truth, { kind: 'After', proposition: 'SpeechAct(player,wolf)', anchor: 'GateFired(secret)' }, 0.5, 3).fired,
    ).toBe(true);
    expect(
      at(truth, { kind: 'After', proposition: 'CharacterPresent(wolf)', anchor: 'GateFired(secret)' }, 0.5, 3).fired,
    ).toBe(false);
    expect(
      at(truth, { kind: 'After', proposition: 'SpeechAct(player,wolf)', anchor: 'GateFired(other)' }, 0.5, 3).reason,
    ).toBe('the anchor has not occurred');
  });

  it('Since: held without a break since the anchor', () => {
    const truth = timeline();
    const since: Predicate = { kind: 'Since', proposition: 'CharacterPresent(wolf)', anchor: 'GateFired(secret)' };
    expect(at(truth, since, 0.5, 3).fired).toBe(true);
    applyEntry(
      truth,
      {
        seq: 4,
        turn: 4,
        record: eventRecord({ type: 'CharacterDeparture', character: 'wolf', scene_id: 's5' }),
      },
      MIN,
    );
    applyEntry(truth, { seq: 5, turn: 5, record: arrival('wolf') }, MIN);
    expect(at(truth, since, 0.5, 5).fired).toBe(false);
  });

  it('Sequence: in order, not reversed', () => {
    const truth = timeline();
    expect(
      at(truth, { kind: 'Sequence', of: ['CharacterPresent(wolf)', 'GateFired(secret)', 'SpeechAct(player,wolf)'] })
        .fired,
    ).toBe(true);
    expect(at(truth, { kind: 'Sequence', of: ['SpeechAct(player,wolf)', 'GateFired(secret)'] }).fired).toBe(false);
  });

  it('Within: counts back from the current turn; momentary atoms hold only in their turn', () => {
    const truth = timeline();
    const within: Predicate = { kind: 'Within', proposition: 'SpeechAct(player,wolf)', turns: 2 };
    expect(at(truth, within, 0.5, 4).fired).toBe(true);
    expect(at(truth, within, 0.5, 5).fired).toBe(false);
    expect(at(truth, atom('SpeechAct(player,wolf)'), 0.5, 3).fired).toBe(true);
    expect(at(truth, atom('SpeechAct(player,wolf)'), 0.5, 4).fired).toBe(false);
  });

  it('low-confidence occurrences are not occurrences', () => {
    const truth = new TruthSet();
    applyEntry(truth, { seq: 1, turn: 1, record: judgmentRecord(trustShift('j', 0.3)) }, MIN);
    expect(at(truth, { kind: 'Within', proposition: 'TrustEroding(player,wolf)', turns: 3 }).fired).toBe(false);
    expect(at(truth, { kind: 'Within', proposition: 'TrustEroding(player,wolf)', turns: 3 }, 0.25).score).toBe(0.3);
  });
});

describe('nested predicates inside Threshold count as truth values', () => {
  const present = (who: string) => eventRecord({ type: 'CharacterArrival', character: who, scene_id: 's5' });
  const truth = new TruthSet();
  for (const entry of entries([present('wolf'), present('kit')])) applyEntry(truth, entry, MIN);
  // Two of three: the inner Threshold(3) does not hold.
  const inner: Predicate = {
    kind: 'Threshold',
    of: [atom('CharacterPresent(wolf)'), atom('CharacterPresent(kit)'), atom('CharacterPresent(anselm)')],
    minMatch: 3,
  };

  it('an inner Threshold(3) at sum 2 gives the outer Threshold(2) nothing: it does not fire', () => {
    const outer = at(truth, { kind: 'Threshold', of: [inner, atom('CharacterPresent(anselm)')], minMatch: 2 });
    expect(outer.children[0]).toMatchObject({ fired: false, score: 2 });
    expect(outer).toMatchObject({ fired: false, score: 0 });
  });

  it('an inner Threshold that holds is one vote, not its whole sum', () => {
    const two: Predicate = { ...inner, minMatch: 2 };
    const outer = at(truth, { kind: 'Threshold', of: [two, atom('CharacterPresent(anselm)')], minMatch: 2 });
    expect(outer).toMatchObject({ fired: false, score: 1 });
    const enough = at(truth, { kind: 'Threshold', of: [two, atom('CharacterPresent(wolf)')], minMatch: 2 });
    expect(enough).toMatchObject({ fired: true, score: 2 });
  });

  it('Any over a partial inner Threshold scores 0', () => {
    const any = at(truth, { kind: 'Any', of: [inner, atom('CharacterPresent(anselm)')] });
    expect(any).toMatchObject({ fired: false, score: 0 });
  });
});

describe('predicate validation', () => {
  const nest = (depth: number): unknown =>
    depth === 0 ? { kind: 'Atom', proposition: 'CharacterPresent(wolf)' } : { kind: 'Not', of: nest(depth - 1) };

  it('accepts nesting 4 and rejects 5', () => {
    expect(boundedPredicateSchema.safeParse(nest(4)).success).toBe(true);
    const deeper = boundedPredicateSchema.safeParse(nest(5));
    expect(deeper.success).toBe(false);
    expect(deeper.error?.issues[0]?.message).toBe('predicate nesting 5 exceeds 4');
  });

  it('normalizes authored proposition keys and rejects malformed ones', () => {
    expect(boundedPredicateSchema.parse({ kind: 'Atom', proposition: 'CharacterPresent( wolf )' })).toEqual(
      atom('CharacterPresent(wolf)'),
    );
    expect(boundedPredicateSchema.safeParse({ kind: 'Atom', proposition: 'wolf' }).success).toBe(false);
    expect(boundedPredicateSchema.safeParse({ kind: 'All', of: [] }).success).toBe(false);
    expect(boundedPredicateSchema.safeParse({ kind: 'Within', proposition: 'X(a)', turns: 0 }).success).toBe(false);
  });
});
