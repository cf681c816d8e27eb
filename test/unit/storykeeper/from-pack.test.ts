import { describe, expect, it } from 'vitest';
import { exitConditionKey, fulfilmentKey, narrativeFromPack } from '../../../engine/storykeeper/index.ts';
import { HARBOUR_NARRATIVE, packScene, WRECK_GATE } from './pack-story.ts';

describe('narrativeFromPack', () => {
  it('turns listed flags into the scene’s structural flags and cast characters into entities', () => {
    const { graph } = narrativeFromPack(HARBOUR_NARRATIVE);
    const storm = graph.scenes.find((scene) => scene.id === 'storm');
    expect(storm?.flags).toEqual({
      convergencePoint: true,
      thresholdScene: false,
      requiredForStory: false,
      emotionalHinge: false,
      branchPoint: false,
    });
    expect(storm?.requiredCast).toEqual([{ entity: 'mara', relation: 'TrustGrowing(player,mara)' }]);
  });

  it('stands a key in for each exit and fulfilment predicate, and keeps the predicates behind the keys', () => {
    const { graph, conditions } = narrativeFromPack(HARBOUR_NARRATIVE);
    const exit = graph.scenes.find((scene) => scene.id === 'tavern-talk')?.exitConditions[0];
    expect(exit).toEqual({ id: 'to-sea', when: [exitConditionKey('tavern-talk', 'to-sea')], leadsTo: ['storm'] });
    expect(graph.prophecies[0]?.fulfilment).toBe(fulfilmentKey('bell-omen'));
    expect(conditions).toEqual(
      new Map([
        [exitConditionKey('tavern-talk', 'to-sea'), { kind: 'Atom', proposition: 'At(player,harbour)' }],
        [fulfilmentKey('bell-omen'), { kind: 'Atom', proposition: 'GateFired(wreck_truth)' }],
      ]),
    );
    // No proposition can collide with a condition key: propositions are written Name(args).
    expect(exitConditionKey('a', 'b')).not.toMatch(/\(/u);
  });

  it('keeps a prophecy without fulfilment as it is, and recipient ids only on specific gates', () => {
    const { graph, gates } = narrativeFromPack({
      ...HARBOUR_NARRATIVE,
      scenes: [packScene('a'), packScene('b')],
      gates: [
        { ...WRECK_GATE, recipients: 'all_present', recipientIds: [] },
        { ...WRECK_GATE, id: 'told' },
      ],
      prophecies: [{ id: 'p', source: 'a', targetScene: 'b', type: 'omen', magnitude: 0.3, decay: 0 }],
    });
    expect(graph.prophecies).toEqual([
      { id: 'p', source: 'a', targetScene: 'b', type: 'omen', magnitude: 0.3, decay: 0 },
    ]);
    expect(gates[0]).not.toHaveProperty('recipientIds');
    expect(gates[1]?.recipientIds).toEqual(['player']);
  });
});
