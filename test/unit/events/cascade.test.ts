import { describe, expect, it } from 'vitest';
import { DEFAULT_CASCADE_LIMITS } from '../../../engine/events/index.ts';
import { atom, cascade, chain, reveal, setStep } from './cascade-fixtures.ts';
import { eventRecord, subscription } from './fixtures.ts';

describe('cascade processing', () => {
  it('runs a chain: speech → relationship shift → accumulator → world state → echo and mandate', () => {
    const subs = [
      subscription({
        id: 'cutting',
        predicate: atom('SpeechAct(player,wolf)'),
        effects: [{ kind: 'ShiftRelationship', from: 'player', to: 'wolf', dimension: 'trust', delta: -0.2 }],
      }),
      subscription({
        id: 'strained',
        predicate: { kind: 'Atom', accumulator: 'relationship(player,wolf,trust)', op: 'atMost', value: -0.2 },
        effects: [{ kind: 'SetWorldState', key: 'mood', value: 'tense' }],
      }),
      subscription({
        id: 'echo',
        predicate: atom('WorldState(mood,tense)'),
        effects: [
          { kind: 'FireEcho', echo: 'trust_betrayal', character: 'wolf' },
          { kind: 'MandateNarrativeShift', mandate: 'the wolf falls silent', tier: 'immediate' },
        ],
      }),
    ];
    const { result, truth } = cascade(subs, [
      eventRecord({ type: 'SpeechAct', speaker: 'player', addressee: 'wolf', content_hash: 'h' }),
    ]);
    expect(result.firings.map((f) => [f.subscriptionId, f.depth])).toEqual([
      ['cutting', 0],
      ['strained', 1],
      ['echo', 2],
    ]);
    expect(result.applied.map((e) => [e.seq, e.record.kind === 'event' ? e.record.event.type : ''])).toEqual([
      [1, 'SpeechAct'],
      [2, 'RelationshipShifted'],
      [3, 'WorldStateChanged'],
    ]);
    expect(result.directives).toEqual([
      { kind: 'echo', echo: 'trust_betrayal', character: 'wolf', subscriptionId: 'echo', tier: 'scene_local' },
      { kind: 'mandate', mandate: 'the wolf falls silent', subscriptionId: 'echo', tier: 'immediate' },
    ]);
    expect(truth.factual.has('WorldState(mood,tense)')).toBe(true);
    expect(result.nextSeq).toBe(4);
    expect(result.deferred).toEqual([]);
  });

  it('stops at depth 4 and defers the next event to the scene boundary', () => {
    const { result } = cascade(chain(10), [setStep(0)]);
    expect(result.applied).toHaveLength(5);
    expect(result.firings.map((f) => f.depth)).toEqual([0, 1, 2, 3, 4]);
    expect(result.deferred).toHaveLength(1);
    expect(result.deferred[0]).toMatchObject({
      reason: 'depth',
      causedBy: 'step4',
      outcome: {
        kind: 'record',
        record: eventRecord({ type: 'WorldStateChanged', key: 'step', old_value: '4', new_value: 5 }),
      },
    });
  });

  it('applies at most 16 events per cascade; the overflow is deferred in order, not dropped', () => {
    const subs = Array.from({ length: 20 }, (_, i) =>
      subscription({
        id: `r${i}`,
        predicate: atom('CharacterArrived(wolf)'),
        effects: [{ kind: 'RevealFact', gate: `g${i}`, recipient: 'player' }],
      }),
    );
    const { result } = cascade(subs, [eventRecord({ type: 'CharacterArrival', character: 'wolf', scene_id: 's5' })]);
    expect(result.applied).toHaveLength(16);
    expect(result.deferred.map((d) => [d.reason, d.causedBy])).toEqual(
      [15, 16, 17, 18, 19].map((i) => ['event_limit', `r${i}`]),
    );
    expect(result.applied.length - 1 + result.deferred.length).toBe(20);
  });

  it('honours the configured limits', () => {
    const { result } = cascade(chain(10), [setStep(0)], { limits: { ...DEFAULT_CASCADE_LIMITS, maxDepth: 2 } });
    expect(result.applied).toHaveLength(3);
    expect(result.deferred[0]?.reason).toBe('depth');
  });

  it('defers what runs past the tier budget (500 ms immediate, 2000 ms scene-local)', () => {
    const ticking = () => {
      let now = -300;
      return () => (now += 300);
    };
    const immediate = cascade(chain(10), [setStep(0)], { monotonic: ticking() }).result;
    expect(immediate.applied).toHaveLength(2);
    expect(immediate.deferred.map((d) => d.reason)).toEqual(['timeout']);
    const sceneLocal = cascade(chain(10, 'scene_local'), [setStep(0)], { monotonic: ticking() }).result;
    expect(sceneLocal.applied).toHaveLength(5);
    expect(sceneLocal.deferred.map((d) => d.reason)).toEqual(['depth']);
  });

  it('always applies the initiating events: they are what happened', () => {
    const { result } = cascade(
      [],
      Array.from({ length: 20 }, (_, i) => reveal(`g${i}`)),
    );
    expect(result.applied).toHaveLength(20);
  });
});
