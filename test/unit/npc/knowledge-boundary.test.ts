import { describe, expect, it } from 'vitest';
import {
  emptyKnowledgeStore,
  knowledgeView,
  recordKnowledge,
  recordWorldEvents,
  type Principal,
  type VisibleEntry,
} from '../../../engine/npc/index.ts';
import { at, draft, own, PERSONA, portsideStore, WORLD } from './fixtures.ts';

const everything = { now: at(1000), limit: 100 } as const;
const owners = (entries: readonly VisibleEntry[]): string[] => entries.map((entry) => entry.text.split(':')[0] ?? '');

function seenBy(principal: Principal): { listed: string[]; retrieved: string[]; queried: string[] } {
  const view = knowledgeView(portsideStore(), principal);
  return {
    listed: owners(view.entries(at(1000))),
    retrieved: owners(view.retrieve(everything).map((ranked) => ranked.entry)),
    queried: owners(view.retrieve({ ...everything, entities: ['pier_7'], tags: ['docks'] }).map((r) => r.entry)),
  };
}

describe('knowledge boundaries', () => {
  it("a character's view holds the World KG and its own KG, never the persona's or another character's", () => {
    const kira = seenBy({ kind: 'character', id: 'kira' });
    expect(kira.listed.sort()).toEqual(['KIRA', 'WORLD']);
    expect(kira.retrieved.sort()).toEqual(['KIRA', 'WORLD']);
    expect(kira.queried.sort()).toEqual(['KIRA', 'WORLD']);
  });

  it("the persona's view holds the World KG and the persona's KG only", () => {
    const persona = seenBy({ kind: 'persona' });
    expect(persona.listed.sort()).toEqual(['PERSONA', 'WORLD']);
    expect(persona.queried.sort()).toEqual(['PERSONA', 'WORLD']);
  });

  it('a public view (ContextGatherer, Chronicler) holds the World KG only', () => {
    expect(seenBy({ kind: 'public' }).queried).toEqual(['WORLD']);
  });

  it.each(['guard', '__proto__', 'constructor', 'toString'])(
    'a character without a KG of its own (%s) sees only the World KG',
    (id) => {
      expect(seenBy({ kind: 'character', id }).listed).toEqual(['WORLD']);
    },
  );

  it('tells the reader which entries are public and which are its own', () => {
    const entries = knowledgeView(portsideStore(), { kind: 'character', id: 'tam' }).entries(at(1000));
    expect(entries.map((entry) => [owners([entry])[0], entry.graph])).toEqual([
      ['WORLD', 'world'],
      ['TAM', 'own'],
    ]);
  });

  it('hands entries over without provenance, so a world event does not name the simulation that emitted it', () => {
    const store = recordWorldEvents(
      emptyKnowledgeStore(),
      [{ when: at(2), where: 'pier_7', event: 'The warehouse on Pier 7 burned; a cloaked figure was seen leaving.' }],
      { source: 'simulation', ref: 'simulation of kira, cycle 4' },
    );
    const [seen] = knowledgeView(store, { kind: 'character', id: 'tam' }).entries(at(3));
    expect(seen).toBeDefined();
    expect(Object.keys(seen ?? {})).not.toContain('provenance');
    expect(JSON.stringify(seen)).not.toContain('kira');
  });

  it('a view is fixed when built: later writes to the store do not reach it', () => {
    const store = portsideStore();
    const view = knowledgeView(store, { kind: 'character', id: 'kira' });
    recordKnowledge(store, own('kira'), [draft('KIRA: a later memory')]);
    expect(view.entries(at(1000))).toHaveLength(2);
  });

  it('returns nothing dated after the time asked about: it has not happened yet', () => {
    const store = recordKnowledge(emptyKnowledgeStore(), WORLD, [
      draft('before', { time: at(1) }),
      draft('after', { time: at(5) }),
    ]);
    const view = knowledgeView(store, { kind: 'public' });
    expect(view.entries(at(3)).map((entry) => entry.text)).toEqual(['before']);
    expect(view.retrieve({ now: at(3), limit: 10 }).map((ranked) => ranked.entry.text)).toEqual(['before']);
  });
});

describe('writing knowledge', () => {
  it('world_events_emitted go to the World KG as facts tagged world-event, seen by every principal', () => {
    const store = recordWorldEvents(
      emptyKnowledgeStore(),
      [{ when: at(2), where: 'pier_7', event: 'Fire on Pier 7', entities: ['Warehouse'] }],
      { source: 'simulation', ref: null },
    );
    expect(store.world).toEqual([
      expect.objectContaining({ kind: 'fact', place: 'pier_7', entities: ['warehouse'], tags: ['world-event'] }),
    ]);
    expect(store.persona).toEqual([]);
    for (const principal of [{ kind: 'persona' }, { kind: 'character', id: 'x' }] as const) {
      expect(knowledgeView(store, principal).entries(at(2))).toHaveLength(1);
    }
  });

  it('caps OffscreenInference salience at 6 and leaves other sources alone', () => {
    const store = recordKnowledge(emptyKnowledgeStore(), own('tam'), [
      draft('inferred', { salience: 9, provenance: { source: 'offscreen-inference', ref: null } }),
      draft('simulated', { salience: 9, provenance: { source: 'simulation', ref: null } }),
    ]);
    expect(store.characters['tam']?.map((entry) => entry.salience)).toEqual([6, 9]);
  });

  it('assigns increasing sequence numbers across graphs and never changes the store it was given', () => {
    const before = recordKnowledge(emptyKnowledgeStore(), WORLD, [draft('one')]);
    const after = recordKnowledge(before, PERSONA, [draft('two'), draft('three')]);
    expect(before.persona).toEqual([]);
    expect(before.nextSeq).toBe(2);
    expect([...after.world, ...after.persona].map((entry) => entry.seq)).toEqual([1, 2, 3]);
    expect(after.nextSeq).toBe(4);
  });

  it.each([
    ['salience 0', { salience: 0 }],
    ['salience 11', { salience: 11 }],
    ['fractional salience', { salience: 2.5 }],
    ['empty text', { text: '  ' }],
    ['a time that is not a number', { time: Number.NaN }],
  ])('refuses a malformed draft: %s', (_label, overrides) => {
    expect(() => recordKnowledge(emptyKnowledgeStore(), WORLD, [draft('x', overrides)])).toThrow(RangeError);
  });
});
