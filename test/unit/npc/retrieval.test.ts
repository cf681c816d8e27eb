import { describe, expect, it } from 'vitest';
import {
  emptyKnowledgeStore,
  knowledgeView,
  recordKnowledge,
  type KnowledgeDraft,
  type RetrievalQuery,
} from '../../../engine/npc/index.ts';
import { at, draft, WORLD } from './fixtures.ts';

function ranked(drafts: readonly KnowledgeDraft[], query: Partial<RetrievalQuery> = {}): string[] {
  const store = recordKnowledge(emptyKnowledgeStore(), WORLD, drafts);
  const view = knowledgeView(store, { kind: 'public' });
  return view.retrieve({ now: at(100), limit: 10, ...query }).map((result) => result.entry.text);
}

describe('retrieval ranking', () => {
  it('ranks an entry about the asked-for entity above a more salient, more recent one that is not', () => {
    const drafts = [
      draft('about tam', { entities: ['tam'], salience: 3, time: at(10) }),
      draft('about the harbour', { entities: ['harbour'], salience: 10, time: at(99) }),
    ];
    expect(ranked(drafts)).toEqual(['about the harbour', 'about tam']);
    expect(ranked(drafts, { entities: ['tam', 'harbour'] })).toEqual(['about the harbour', 'about tam']);
    expect(ranked(drafts, { entities: ['tam'] })).toEqual(['about tam']);
  });

  it('ranks by how many of the asked-for entities an entry names', () => {
    const drafts = [
      draft('kira alone', { entities: ['kira'], salience: 8 }),
      draft('kira and tam', { entities: ['kira', 'tam'], salience: 4 }),
    ];
    expect(ranked(drafts, { entities: ['kira', 'tam'] })).toEqual(['kira and tam', 'kira alone']);
  });

  it("counts an entry's place as one of its entities", () => {
    const drafts = [draft('at the pier', { place: 'pier_7' }), draft('elsewhere', { place: 'market' })];
    expect(ranked(drafts, { entities: ['pier_7'] })).toEqual(['at the pier']);
  });

  it('ranks by matching tags and leaves out entries that match nothing asked for', () => {
    const drafts = [
      draft('one tag', { tags: ['debt'] }),
      draft('two tags', { tags: ['debt', 'smuggling'] }),
      draft('no tag', { tags: ['weather'], salience: 10 }),
    ];
    expect(ranked(drafts, { tags: ['debt', 'smuggling'] })).toEqual(['two tags', 'one tag']);
  });

  it('matches entities and tags case-insensitively', () => {
    expect(ranked([draft('x', { entities: ['Tam'], tags: ['Debt'] })], { entities: [' TAM '] })).toEqual(['x']);
    expect(ranked([draft('x', { entities: ['Tam'], tags: ['Debt'] })], { tags: ['debt'] })).toEqual(['x']);
  });

  it('ranks by salience when all else is equal', () => {
    const drafts = [draft('minor', { salience: 2 }), draft('major', { salience: 9 }), draft('middling')];
    expect(ranked(drafts)).toEqual(['major', 'middling', 'minor']);
  });

  it('ranks by recency when all else is equal, halving every 24 in-world hours by default', () => {
    const drafts = [draft('old', { time: at(10) }), draft('new', { time: at(90) }), draft('day ago', { time: at(76) })];
    expect(ranked(drafts)).toEqual(['new', 'day ago', 'old']);
    const view = knowledgeView(recordKnowledge(emptyKnowledgeStore(), WORLD, drafts), { kind: 'public' });
    const dayAgo = view.retrieve({ now: at(100), limit: 3 }).find((result) => result.entry.text === 'day ago');
    expect(dayAgo?.parts.recency).toBeCloseTo(0.5);
  });

  it('weighs salience over recency by default, and lets a caller weigh them otherwise', () => {
    const drafts = [draft('salient', { salience: 10, time: at(0) }), draft('recent', { salience: 1, time: at(100) })];
    expect(ranked(drafts)).toEqual(['salient', 'recent']);
    expect(ranked(drafts, { weights: { recency: 3 } })).toEqual(['recent', 'salient']);
    expect(ranked(drafts, { weights: { salience: 0 } })).toEqual(['recent', 'salient']);
  });

  it('breaks ties by later time, then by later writing, whatever the order entries were written in', () => {
    const same = { time: at(50) };
    expect(ranked([draft('first', same), draft('second', same), draft('third', same)])).toEqual([
      'third',
      'second',
      'first',
    ]);
  });

  it('returns at most the limit, best first', () => {
    const drafts = [1, 2, 3, 4, 5].map((salience) => draft(`s${salience}`, { salience }));
    expect(ranked(drafts, { limit: 2 })).toEqual(['s5', 's4']);
    expect(ranked(drafts, { limit: 0 })).toEqual([]);
    expect(() => ranked(drafts, { limit: -1 })).toThrow(RangeError);
  });
});
