import { beforeAll, describe, expect, it } from 'vitest';
import { initialNpcState, packKnowledge } from '../../../engine/boundary/index.ts';
import { knowledgeView, LORE_TAG } from '../../../engine/npc/index.ts';
import type { StoryPack } from '../../../engine/pack/index.ts';
import { initialPlayState, type PlayState } from '../../../engine/turn/index.ts';
import { withLearnedLore } from '../../../engine/turn/turn-knowledge.ts';
import { KIT, lanternQuay, PERSONA } from './knowledge-steps.fixture.ts';

let pack: StoryPack;
beforeAll(async () => {
  pack = await lanternQuay();
});

describe('the World KG a story starts with', () => {
  it("holds the pack's world lore and what anyone can see of each character, as lore from the pack", () => {
    const world = packKnowledge(pack).world;
    const worldLore = pack.lore.filter((entry) => entry.audience === 'world' && !entry.disabled);
    expect(world).toHaveLength(worldLore.length + pack.characters.length);
    expect(world.every((entry) => entry.provenance.source === 'pack' && entry.tags.includes(LORE_TAG))).toBe(true);
    const quay = world.find((entry) => entry.text.startsWith('Lantern Quay: '));
    // Kit is named in the entry, so retrieval finds it when Kit is at hand.
    expect(quay?.entities).toContain(KIT);
    const kit = pack.characters.find((character) => character.id === KIT);
    expect(world.map((entry) => entry.text)).toContain(`${kit?.name}: ${kit?.description}`);
  });

  it('leaves out lore only the persona or one character knows: the World KG is public', () => {
    const texts = packKnowledge(pack).world.map((entry) => entry.text);
    for (const secret of pack.lore.filter((entry) => entry.audience !== 'world'))
      expect(texts.some((text) => text.includes(secret.content))).toBe(false);
    const store = initialNpcState(pack).knowledge;
    expect(store.persona).toEqual([]);
    expect(store.characters).toEqual({});
  });
});

describe('the Lore Extractor writes the World KG', () => {
  const learn = (state: PlayState, facts: readonly { key: string; content: string }[], turn: number): PlayState => ({
    ...state,
    lore: [
      ...state.lore.filter((entry) => !facts.some((fact) => fact.key === entry.key)),
      ...facts.map((fact) => ({ ...fact, turn })),
    ],
  });

  it("records the turn's new facts as World KG facts from the lore extractor, naming who they are about", () => {
    const before = initialPlayState(pack, PERSONA);
    const after = learn(before, [{ key: 'The badge', content: 'Kit Wickett saw a crowned-anchor badge.' }], 3);
    const npc = initialNpcState(pack);
    const next = withLearnedLore(npc, pack, before, after, 3);
    const added = next.knowledge.world.slice(npc.knowledge.world.length);
    expect(added).toEqual([
      expect.objectContaining({
        kind: 'fact',
        text: 'The badge: Kit Wickett saw a crowned-anchor badge.',
        entities: [KIT],
        tags: [LORE_TAG],
        provenance: { source: 'lore-extractor', ref: 'turn 3' },
      }),
    ]);
    // Everyone may read it, and no one's own graph gained anything.
    expect(knowledgeView(next.knowledge, { kind: 'public' }).entries(Number.MAX_SAFE_INTEGER)).toHaveLength(
      next.knowledge.world.length,
    );
    expect(next.knowledge.characters).toEqual({});
  });

  it('returns the same state when the turn learned nothing new (no checkpoint to write)', () => {
    const before = learn(initialPlayState(pack, PERSONA), [{ key: 'Tide', content: 'High at midnight.' }], 2);
    const npc = initialNpcState(pack);
    expect(withLearnedLore(npc, pack, before, before, 3)).toBe(npc);
    expect(
      withLearnedLore(npc, pack, before, learn(before, [{ key: 'Tide', content: 'High at midnight.' }], 3), 3),
    ).toBe(npc);
  });
});
