import { describe, expect, it } from 'vitest';
import { TruthSet } from '../../../engine/events/index.ts';
import { evaluateLandscape, type LandscapeInput } from '../../../engine/storykeeper/index.ts';
import { HARBOUR_PACK, truthOf } from './pack-story.ts';

const evaluate = (input: Partial<LandscapeInput> = {}) =>
  evaluateLandscape(HARBOUR_PACK, { truth: new TruthSet(), turn: 6, location: 'tavern', ...input });
const sceneOf = (evaluation: ReturnType<typeof evaluate>, id: string) =>
  evaluation.landscape.scenes.find((scene) => scene.id === id);

describe('evaluateLandscape: the pack’s graph against the real truth set', () => {
  it('opens a gate when its predicate holds, counting interpretive atoms only from min_confidence on', () => {
    const trusted = evaluate({
      truth: truthOf({ turn: 1, facts: ['CharacterPresent(mara)'], weighed: { 'TrustGrowing(player,mara)': 0.8 } }),
    });
    expect(trusted.gates).toEqual([{ id: 'wreck_truth', open: true, predicateHolds: true, fired: false, knownBy: [] }]);
    expect(sceneOf(trusted, 'storm')?.distance.information).toBe(0);

    const doubtful = evaluate({
      truth: truthOf({ turn: 1, facts: ['CharacterPresent(mara)'], weighed: { 'TrustGrowing(player,mara)': 0.4 } }),
    });
    expect(doubtful.gates[0]?.open).toBe(false);
    expect(sceneOf(doubtful, 'storm')?.distance.information).toBe(1);
  });

  it('keeps a gate the event system fired open, and says who was told', () => {
    const { gates } = evaluate({
      truth: truthOf({ turn: 2, facts: ['GateFired(wreck_truth)', 'Knows(player,wreck_truth)'] }),
    });
    expect(gates[0]).toEqual({
      id: 'wreck_truth',
      open: true,
      predicateHolds: false,
      fired: true,
      knownBy: ['player'],
    });
  });

  it('weighs approach conditions and relations by what the truth set holds', () => {
    const halfway = evaluate({ truth: truthOf({ turn: 1, weighed: { 'TrustGrowing(player,mara)': 0.8 } }) });
    const storm = sceneOf(halfway, 'storm');
    expect(storm?.mass.approachSatisfaction).toBeCloseTo(0.4, 10);
    expect(storm?.state).toBe('reachable');
    expect(storm?.distance.relational).toBe(0);

    const told = evaluate({
      truth: truthOf({ turn: 1, facts: ['Knows(player,wreck_truth)'], weighed: { 'TrustGrowing(player,mara)': 0.8 } }),
    });
    expect(sceneOf(told, 'storm')?.mass.approachSatisfaction).toBeCloseTo(0.9, 10);
    expect(sceneOf(told, 'storm')?.state).toBe('attracting');
    expect(told.landscape.strongestAttractor?.id).toBe('storm');
  });

  it('measures physical distance by the pack’s travel minutes, over as many connections as it takes', () => {
    const fromTavern = evaluate();
    // tavern → harbour (5) → lighthouse (30), of the 60 minutes that count as the whole distance.
    expect(sceneOf(fromTavern, 'storm')?.distance.physical).toBeCloseTo(35 / 60, 10);
    expect(sceneOf(fromTavern, 'tavern-talk')?.distance.physical).toBe(0);
    expect(sceneOf(fromTavern, 'island-scene')?.distance.physical).toBe(1);
    expect(sceneOf(evaluate({ location: null }), 'tavern-talk')?.distance.physical).toBe(1);
  });

  it('places play from InScene: the current scene, completed ones, sub-graph visits and the prophecies they cast', () => {
    const truth = truthOf({ turn: 2, scene: 'the-light' }, { turn: 4, scene: 'tavern-talk' });
    const { landscape, position } = evaluate({ truth });
    expect(position).toMatchObject({
      currentScene: 'tavern-talk',
      completedScenes: ['the-light'],
      prophecyCastAt: { 'bell-omen': 2 },
    });
    expect(Object.fromEntries(landscape.scenes.map((scene) => [scene.id, scene.state]))).toEqual({
      'tavern-talk': 'active',
      'the-light': 'completed',
      // The active scene's exit opens onto the storm.
      storm: 'reachable',
      'island-scene': 'dormant',
    });
    // Base 0.4, one visit as intense as the-light's mass (0.5), and the completion bonus (0.2).
    expect(landscape.subGraphs[0]).toMatchObject({ id: 'keeper-tale', engaged: true, bridges: ['the-bell'] });
    expect(landscape.subGraphs[0]?.collectiveMass).toBeCloseTo(1.1, 10);
    // Cast on turn 2, four turns of 10% decay by turn 6.
    expect(landscape.prophecies).toEqual([
      expect.objectContaining({ id: 'bell-omen', targetScene: 'storm', magnitude: expect.closeTo(0.5 * 0.9 ** 4, 10) }),
    ]);
  });

  it('ends a prophecy when its fulfilment predicate holds, and reads no entry later than the turn asked about', () => {
    const fulfilled = truthOf({ turn: 2, scene: 'the-light' }, { turn: 3, facts: ['GateFired(wreck_truth)'] });
    expect(evaluate({ truth: fulfilled }).landscape.prophecies).toEqual([]);
    const early = evaluate({ truth: truthOf({ turn: 2, scene: 'the-light' }), turn: 1 });
    expect(early.position.prophecyCastAt).toEqual({});
  });

  it('opens the sub-graph’s boundary along its sigmoid as its drivers hold', () => {
    const closed = evaluate().landscape.subGraphs[0];
    expect(closed?.permeabilityInput).toBe(0);
    expect(closed?.permeability).toBeCloseTo(0.1 + 0.9 / (1 + Math.exp(4)), 10);
    const bleeding = evaluate({ truth: truthOf({ turn: 1, weighed: { 'ThematicResonance(bells)': 0.9 } }) });
    expect(bleeding.landscape.subGraphs[0]?.permeabilityInput).toBeCloseTo(1.8, 10);
    expect(bleeding.landscape.subGraphs[0]?.permeability).toBeCloseTo(0.1 + 0.9 / (1 + Math.exp(-4 * 0.8)), 10);
  });

  it('reports which exit conditions hold', () => {
    const { exits } = evaluate({ truth: truthOf({ turn: 1, facts: ['At(player,harbour)'] }) });
    expect(exits).toEqual([{ scene: 'tavern-talk', exit: 'to-sea', holds: true, leadsTo: ['storm'] }]);
    expect(evaluate().exits[0]?.holds).toBe(false);
  });

  it('finds the bridge objects at hand: placed where the persona stands, carried from the start, or picked up', () => {
    expect(evaluate({ location: 'lighthouse' }).position.presentObjects).toEqual(['bell']);
    expect(evaluate({ location: 'lighthouse' }).landscape.bridges.map(({ id }) => id)).toEqual(['the-bell']);
    expect(evaluate({ persona: 'captain' }).position.presentObjects).toEqual(['badge']);
    const picked = evaluate({ truth: truthOf({ turn: 1, facts: ['Holding(player,bell)'] }) });
    expect(picked.landscape.bridges.map(({ id }) => id)).toEqual(['the-bell']);
    expect(evaluate({ location: 'lighthouse', presentObjects: [] }).landscape.bridges).toEqual([]);
  });
});
