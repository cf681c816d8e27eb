import { describe, expect, it } from 'vitest';
import { assembleRetrievedTier, precomputeLandscape } from '../../../engine/storykeeper/index.ts';
import { CHAPTER_16_CANDIDATES, CHAPTER_16_ORACLES, CHAPTER_16_POSITION, VRETIL } from './vretil.ts';

const landscape = precomputeLandscape(VRETIL, CHAPTER_16_POSITION, CHAPTER_16_ORACLES);
const reading = (id: string) => landscape.scenes.find((scene) => scene.id === id);

describe('landscape precompute', () => {
  it('gives every scene its state', () => {
    expect(Object.fromEntries(landscape.scenes.map((scene) => [scene.id, scene.state]))).toEqual({
      prologue: 'completed',
      motel: 'active',
      sarah_meeting: 'reachable',
      road_south: 'reachable',
      cave: 'attracting',
      restaurant: 'dormant',
      mountain_crossing: 'dormant',
    });
  });

  it('gives every scene its effective mass, distance and pull, with their parts', () => {
    const cave = reading('cave');
    expect(cave?.mass.total).toBeCloseTo(2.1, 10);
    expect(cave?.distance).toMatchObject({ information: 1, relational: 1 });
    expect(cave?.distance.emotional).toBeCloseTo(0.4, 10);
    expect(cave?.distance.physical).toBeCloseTo(0.75, 10);
    expect(cave?.distance.total).toBeCloseTo(0.735, 10);
    expect(cave?.pull).toBeCloseTo(2.1 / 0.735 ** 2, 10);
  });

  it('ranks attractors by pull: the nearby meeting outpulls the heavier, farther cave', () => {
    expect(landscape.strongestAttractor?.id).toBe('sarah_meeting');
    expect(landscape.attractors.map((scene) => scene.id)).toEqual(['sarah_meeting', 'road_south', 'cave']);
  });

  it('gives the sub-graphs their collective mass and permeability', () => {
    const [fairyTale, letters] = landscape.subGraphs;
    expect(fairyTale?.collectiveMass).toBeCloseTo(0.8, 10);
    expect(fairyTale?.permeability).toBeCloseTo(0.8, 10);
    expect(fairyTale?.contribution).toBeCloseTo(0.64, 10);
    expect(fairyTale).toMatchObject({ engaged: true, bridges: ['datura'] });
    expect(letters?.engaged).toBe(false);
  });

  it('lists the active prophecies and the bridge objects present', () => {
    expect(landscape.prophecies).toMatchObject([{ id: 'fire_dream', targetScene: 'cave', magnitude: 0.5 }]);
    expect(landscape.bridges.map((bridge) => bridge.id)).toEqual(['datura']);
  });

  it('is pure: the same inputs give the same landscape and stay untouched', () => {
    const before = structuredClone(CHAPTER_16_POSITION);
    expect(precomputeLandscape(VRETIL, CHAPTER_16_POSITION, CHAPTER_16_ORACLES)).toEqual(landscape);
    expect(CHAPTER_16_POSITION).toEqual(before);
  });
});

describe('retrieved tier against the landscape', () => {
  const selection = assembleRetrievedTier(CHAPTER_16_CANDIDATES, landscape, { temperature: 'neutral', budget: 600 });
  const scored = [...selection.selected, ...selection.dropped.map(({ item }) => item)];
  const modifier = (id: string) => scored.find((item) => item.id === id)?.gravity.modifier;

  it('amplifies each candidate by the gravity it relates to', () => {
    expect(modifier('datura')).toBeCloseTo(1.16, 10); // through the bridge object, at permeability 0.8
    expect(modifier('fire_dream')).toBeCloseTo(1.1, 10);
    expect(modifier('cave')).toBeCloseTo(1.73, 10); // the cave's mass and the prophecy aimed at it
    expect(modifier('sarah')).toBeCloseTo(1 + 1.2 * 0.3, 10);
    // A shared theme only: thematic weight on the cave, plus the prophecy; an unvisited sub-graph adds nothing.
    expect(modifier('letters_echo')).toBeCloseTo(1 + 2.1 * 0.15 + 0.1, 10);
  });

  it('never lets a hard-boundary candidate through, however strong its gravity', () => {
    const secret = selection.dropped.find(({ item }) => item.id === 'knife_secret');
    expect(secret?.reason).toBe('information_boundary');
    expect(secret?.item.score).toBe(0);
    expect(secret?.item.gravity.modifier).toBeCloseTo(1.73, 10);
  });

  it('selects the rest within the budget, dropping what decayed under the minimum', () => {
    expect(selection.selected.map((item) => item.id)).toEqual([
      'sarah',
      'cave',
      'letters_echo',
      'datura',
      'fire_dream',
    ]);
    expect(selection.tokens).toBe(480);
    expect(selection.dropped.find(({ item }) => item.id === 'stale_backstory')?.reason).toBe('below_minimum');
  });
});
