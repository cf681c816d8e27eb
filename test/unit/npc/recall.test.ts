import { describe, expect, it } from 'vitest';
import { emptyKnowledgeStore, knowledgeView, recall, recordKnowledge } from '../../../engine/npc/index.ts';
import { at, draft, own, WORLD } from './fixtures.ts';

describe("a stage's recollection", () => {
  it("keeps half the room for the principal's own memories, however crowded the World KG", () => {
    const worldly = Array.from({ length: 20 }, (_, index) => draft(`world ${index}`, { kind: 'fact', salience: 10 }));
    let store = recordKnowledge(emptyKnowledgeStore(), WORLD, worldly);
    store = recordKnowledge(store, own('kira'), [draft('kira: a quiet memory', { salience: 1 })]);
    const recollection = recall(knowledgeView(store, { kind: 'character', id: 'kira' }), {
      now: at(10),
      entities: [],
      limit: 6,
    });
    expect(recollection.world).toHaveLength(3);
    expect(recollection.own.map((entry) => entry.text)).toEqual(['kira: a quiet memory']);
  });

  it('puts what is about the entities at hand first, then what matters most of the rest', () => {
    const store = recordKnowledge(emptyKnowledgeStore(), own('kira'), [
      draft('about the weather', { salience: 9 }),
      draft('about tam', { salience: 2, entities: ['tam'] }),
      draft('about the harbour', { salience: 5 }),
    ]);
    const recollection = recall(knowledgeView(store, { kind: 'character', id: 'kira' }), {
      now: at(10),
      entities: ['tam'],
      limit: 4,
    });
    expect(recollection.own.map((entry) => entry.text)).toEqual(['about tam', 'about the weather']);
  });

  it('never recalls another character’s or the persona’s graph', () => {
    let store = recordKnowledge(emptyKnowledgeStore(), own('tam'), [draft('TAM: secret')]);
    store = recordKnowledge(store, { kind: 'persona' }, [draft('PERSONA: secret')]);
    const recollection = recall(knowledgeView(store, { kind: 'character', id: 'kira' }), {
      now: at(10),
      entities: [],
      limit: 10,
    });
    expect([...recollection.world, ...recollection.own]).toEqual([]);
  });
});
