import { describe, expect, it } from 'vitest';
import { knowledgeView, recordKnowledge, restoreKnowledgeStore } from '../../../engine/npc/index.ts';
import { at, draft, own, portsideStore } from './fixtures.ts';

const checkpoint = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('knowledge store checkpoints', () => {
  it('round-trips through JSON: the restored store equals the saved one and answers the same queries', () => {
    const store = portsideStore();
    const restored = restoreKnowledgeStore(checkpoint(store));
    if (!restored.ok) throw new Error(restored.problems.join('\n'));
    expect(restored.store).toEqual(store);
    const query = { now: at(10), limit: 5, entities: ['pier_7'] };
    const principal = { kind: 'character', id: 'kira' } as const;
    expect(knowledgeView(restored.store, principal).retrieve(query)).toEqual(
      knowledgeView(store, principal).retrieve(query),
    );
  });

  it('continues numbering after a restore, so new entries never reuse an id', () => {
    const restored = restoreKnowledgeStore(checkpoint(portsideStore()));
    if (!restored.ok) throw new Error('refused');
    const next = recordKnowledge(restored.store, own('kira'), [draft('KIRA: later')]);
    expect(next.characters['kira']?.at(-1)?.seq).toBe(5);
  });

  it('rewinds: restoring an earlier checkpoint drops what was learned after it', () => {
    const early = checkpoint(portsideStore());
    recordKnowledge(portsideStore(), own('kira'), [draft('KIRA: after the checkpoint')]);
    const restored = restoreKnowledgeStore(early);
    if (!restored.ok) throw new Error('refused');
    expect(restored.store.characters['kira']?.map((entry) => entry.text)).toEqual(['KIRA: I set the fire on Pier 7']);
  });

  it('refuses a corrupt checkpoint with reasons', () => {
    const good = portsideStore();
    const firstWorld = good.world[0];
    if (firstWorld === undefined) throw new Error('fixture');
    expect(restoreKnowledgeStore({ ...good, version: 2 })).toMatchObject({ ok: false });
    expect(restoreKnowledgeStore({ ...good, world: [{ ...firstWorld, salience: 11 }] })).toMatchObject({ ok: false });
    expect(restoreKnowledgeStore({ ...good, persona: [firstWorld] })).toEqual({
      ok: false,
      problems: ['entry 1: sequence number used twice'],
    });
    expect(restoreKnowledgeStore({ ...good, nextSeq: 3 })).toMatchObject({ ok: false });
    expect(restoreKnowledgeStore('nonsense')).toMatchObject({ ok: false });
  });
});
