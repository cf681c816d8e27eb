import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { TruthSet } from '../../../engine/events/index.ts';
import { loadPack, type StoryPack } from '../../../engine/pack/index.ts';
import { evaluateLandscape } from '../../../engine/storykeeper/index.ts';
import { truthOf } from './pack-story.ts';

const PACK_DIR = fileURLToPath(new URL('../../../stories/lantern-quay/', import.meta.url));

let pack: StoryPack;
beforeAll(async () => {
  const result = await loadPack(path.resolve(PACK_DIR), { appVersion: '0.1.0' });
  if (result.pack === null) throw new Error(result.diagnostics.map((d) => d.message).join('\n'));
  pack = result.pack;
});

describe('the Lantern Quay narrative graph', () => {
  it('makes the crypt at first light the heaviest scene, with every gate closed at the start', () => {
    const { landscape, gates } = evaluateLandscape(pack, {
      truth: new TruthSet(),
      turn: 0,
      location: pack.manifest.start.location,
      persona: pack.manifest.start.persona,
    });
    const heaviest = [...landscape.scenes].sort((a, b) => b.mass.total - a.mass.total)[0];
    expect(heaviest?.id).toBe('the-crypt-at-first-light');
    expect(gates.every((gate) => !gate.open)).toBe(true);
    // Jory's lantern hangs over the bar where the night begins: Hester's tale is in the room from the first turn.
    expect(landscape.bridges.map(({ id }) => id)).toEqual(['jorys-lantern']);
  });

  it('lets two testimonies expose the Collector and pull the story to the crypt', () => {
    const truth = truthOf({
      turn: 9,
      facts: ['WorldState(officer_in_town,true)', 'Knows(player,what_kit_saw)', 'Knows(player,pells_fate)'],
    });
    const { landscape, gates } = evaluateLandscape(pack, { truth, turn: 10, location: 'chapel' });
    expect(gates.find((gate) => gate.id === 'hale_exposed')?.open).toBe(true);
    const crypt = landscape.scenes.find((scene) => scene.id === 'the-crypt-at-first-light');
    expect(crypt?.state).toBe('attracting');
    expect(crypt?.distance.information).toBe(0);
    expect(landscape.strongestAttractor?.id).toBe('the-crypt-at-first-light');
  });

  it('casts Hester’s omen onto the crypt once the lamp gallery is entered', () => {
    const truth = truthOf({ turn: 3, scene: 'the-lamp-gallery' });
    const { landscape } = evaluateLandscape(pack, { truth, turn: 4, location: 'lighthouse' });
    expect(landscape.prophecies.map(({ id, targetScene }) => [id, targetScene])).toEqual([
      ['two-lanterns', 'the-crypt-at-first-light'],
    ]);
    expect(landscape.subGraphs[0]).toMatchObject({ id: 'hesters-lights', engaged: true });
  });
});
