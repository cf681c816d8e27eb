import type { InWorldMinute } from '../in-world-time.ts';
import type { KnowledgeEntry, Principal, VisibleEntry } from './entry.ts';
import { rankEntries, type RankedEntry, type RetrievalQuery } from './retrieve.ts';
import type { KnowledgeStore } from './store.ts';

export type KnowledgeView = {
  readonly principal: Principal;
  /** Everything this principal could know at `asOf`, oldest first. */
  entries(asOf: InWorldMinute): readonly VisibleEntry[];
  retrieve(query: RetrievalQuery): readonly RankedEntry[];
};

/**
 * The only way a stage reads knowledge. The view copies out the World KG and the principal's own graph when it is
 * built and holds nothing else, so no query, however phrased, can reach the persona's or another character's
 * entries (npc-simulation.md, Boundary Rules).
 */
export function knowledgeView(store: KnowledgeStore, principal: Principal): KnowledgeView {
  const visible: readonly VisibleEntry[] = Object.freeze([
    ...store.world.map((entry) => withoutProvenance(entry, 'world')),
    ...ownGraph(store, principal).map((entry) => withoutProvenance(entry, 'own')),
  ]);
  return {
    principal,
    entries: (asOf) => visible.filter((entry) => entry.time <= asOf).sort((a, b) => a.time - b.time || a.seq - b.seq),
    retrieve: (query) => rankEntries(visible, query),
  };
}

function ownGraph(store: KnowledgeStore, principal: Principal): readonly KnowledgeEntry[] {
  switch (principal.kind) {
    case 'public':
      return [];
    case 'persona':
      return store.persona;
    case 'character':
      // Own property only: a character id such as "constructor" must not reach the prototype.
      return Object.hasOwn(store.characters, principal.id) ? (store.characters[principal.id] ?? []) : [];
  }
}

function withoutProvenance(entry: KnowledgeEntry, graph: VisibleEntry['graph']): VisibleEntry {
  const { provenance: _provenance, ...rest } = entry;
  return Object.freeze({ ...rest, graph });
}
