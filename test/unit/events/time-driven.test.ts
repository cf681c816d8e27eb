import { describe, expect, it } from 'vitest';
import { runCascade, TriggerIndex, TruthSet, type Subscription } from '../../../engine/events/index.ts';
import { eventRecord, subscription } from './fixtures.ts';

const entered = eventRecord({ type: 'SceneEntered', scene_id: 's5', characters: ['player'] });
const lapsed: Subscription = subscription({
  id: 'lapsed',
  predicate: {
    kind: 'Difference',
    include: { kind: 'Atom', proposition: 'InScene(s5)' },
    exclude: { kind: 'Within', proposition: 'SceneEntered(s5)', turns: 2 },
  },
  effects: [{ kind: 'SetWorldState', key: 'lapsed', value: true }],
});
const untilQuiet: Subscription = subscription({
  id: 'until-quiet',
  lifecycle: { kind: 'UntilCondition', until: { kind: 'Not', of: { kind: 'Atom', proposition: 'SceneEntered(s5)' } } },
  predicate: { kind: 'Atom', proposition: 'WorldState(bell,true)' },
  effects: [],
});

/** Turns 1..`turns`: the scene is entered in turn 1, later turns bring no event at all. */
function play(turns: number, elapsed: boolean) {
  const truth = new TruthSet();
  const triggers = new TriggerIndex([lapsed, untilQuiet]);
  const firedIn: number[] = [];
  const expiredIn: number[] = [];
  let seq = 1;
  for (let turn = 1; turn <= turns; turn++) {
    const records = turn === 1 ? [entered] : [];
    const result = runCascade({ truth, triggers, turn, firstSeq: seq, records, elapsed, monotonic: () => 0 });
    seq = result.nextSeq;
    if (result.firings.some((firing) => firing.subscriptionId === 'lapsed')) firedIn.push(turn);
    if (result.expired.includes('until-quiet')) expiredIn.push(turn);
  }
  return { firedIn, expiredIn, truth, triggers };
}

describe('time-driven re-evaluation of triggers', () => {
  it('fires a predicate the passing turns made hold, once, in the turn it first holds', () => {
    const { firedIn, truth } = play(5, true);
    // Entered turn 1; Within(…, 2) holds in turns 1 and 2 and lapses in turn 3.
    expect(firedIn).toEqual([3]);
    expect(truth.factual.has('WorldState(lapsed,true)')).toBe(true);
  });

  it('ends an UntilCondition whose condition time alone made true (the momentary entry is over next turn)', () => {
    const { expiredIn, triggers } = play(2, true);
    expect(expiredIn).toEqual([2]);
    expect(triggers.has('until-quiet')).toBe(false);
  });

  it('without time moving, nothing looks at them again: the state before the fix', () => {
    const { firedIn, expiredIn } = play(5, false);
    expect(firedIn).toEqual([]);
    expect(expiredIn).toEqual([]);
  });
});
