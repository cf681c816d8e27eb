import { describe, expect, it } from 'vitest';
import {
  gravitationalPull,
  sceneState,
  strongestAttractor,
  type SceneState,
  type StateInputs,
} from '../../../engine/storykeeper/index.ts';
import { scene } from './fixtures.ts';

describe('gravitational pull', () => {
  it('is effective mass ÷ distance²', () => {
    expect(gravitationalPull(2, 0.5)).toBeCloseTo(8, 10);
    expect(gravitationalPull(2.1, 1)).toBeCloseTo(2.1, 10);
  });

  it('floors the distance at 0.05, so a scene the player stands at pulls 400 × its mass, not infinitely', () => {
    expect(gravitationalPull(2, 0.05)).toBeCloseTo(800, 6);
    expect(gravitationalPull(2, 0.01)).toBeCloseTo(800, 6);
    expect(gravitationalPull(2, 0)).toBeCloseTo(800, 6);
  });
});

describe('strongest attractor', () => {
  const at = (id: string, state: SceneState, pull: number) => ({ id, state, pull });

  it('is the reachable or attracting scene of greatest pull', () => {
    const scenes = [at('a', 'reachable', 3), at('b', 'attracting', 5), at('c', 'reachable', 4)];
    expect(strongestAttractor(scenes)?.id).toBe('b');
  });

  it('ignores scenes that cannot attract, however strong', () => {
    const scenes = [
      at('here', 'active', 900),
      at('done', 'completed', 900),
      at('again', 'revisitable', 900),
      at('asleep', 'dormant', 900),
      at('weak', 'reachable', 1),
    ];
    expect(strongestAttractor(scenes)?.id).toBe('weak');
  });

  it('breaks a tie by id, whatever the order it is given in', () => {
    const tied = [at('mesa', 'reachable', 7), at('cave', 'attracting', 7), at('river', 'reachable', 7)];
    expect(strongestAttractor(tied)?.id).toBe('cave');
    expect(strongestAttractor([...tied].reverse())?.id).toBe('cave');
  });

  it('is null when nothing can attract', () => {
    expect(strongestAttractor([at('here', 'active', 1)])).toBeNull();
    expect(strongestAttractor([])).toBeNull();
  });
});

describe('scene states', () => {
  const base: StateInputs = {
    currentScene: 'motel',
    completed: new Set(['prologue', 'diner']),
    exits: new Set(['road']),
    approachSatisfaction: 0,
    attractingSatisfaction: 0.5,
  };

  it.each<[string, string, Partial<StateInputs>, boolean, SceneState]>([
    ['the scene being played', 'motel', {}, false, 'active'],
    ['a finished scene', 'prologue', {}, false, 'completed'],
    ['a finished scene the player may return to', 'diner', {}, true, 'revisitable'],
    ['a scene the current scene opens onto', 'road', {}, false, 'reachable'],
    ['a scene some way along an approach', 'mesa', { approachSatisfaction: 0.2 }, false, 'reachable'],
    ['a scene well along an approach', 'cave', { approachSatisfaction: 0.5 }, false, 'attracting'],
    ['a scene nothing leads to yet', 'ocean', {}, false, 'dormant'],
  ])('%s is %s', (_what, id, inputs, revisitable, expected) => {
    expect(sceneState(scene(id, { revisitable }), { ...base, ...inputs })).toBe(expected);
  });
});
