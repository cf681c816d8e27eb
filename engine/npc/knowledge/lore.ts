import type { InWorldMinute } from '../in-world-time.ts';
import type { KnowledgeDraft, Provenance } from './entry.ts';
import { recordKnowledge, type KnowledgeStore } from './store.ts';

/** Lore in the World KG (ARCHITECTURE §8.2, Lorebook = World KG) carries this tag, authored or learned in play. */
export const LORE_TAG = 'lore';
/** Lore the story learned at a scene boundary (the LoreCrafter's answers to the Chronicler), beside the pack's own. */
export const LEARNED_TAG = 'learned';
/** Lore is what the world holds true; how much it matters to a given moment is the retrieval's business. */
export const LORE_SALIENCE = 5;

export type LoreFact = {
  readonly key: string;
  readonly content: string;
  /** Ids of the people and places it is about, when known. */
  readonly entities?: readonly string[];
  readonly tags?: readonly string[];
};

/** Records lore facts (the pack's world lore, or what the Lore Extractor learned) as World KG facts tagged `lore`. */
export function recordLore(
  store: KnowledgeStore,
  facts: readonly LoreFact[],
  time: InWorldMinute,
  provenance: Provenance,
): KnowledgeStore {
  const drafts = loreDrafts(facts, time, provenance);
  return drafts.length === 0 ? store : recordKnowledge(store, { kind: 'world' }, drafts);
}

/** Lore facts as World KG drafts, for a step that hands its writes to the boundary's checkpoint (see recordLore). */
export function loreDrafts(facts: readonly LoreFact[], time: InWorldMinute, provenance: Provenance): KnowledgeDraft[] {
  return facts.map((fact): KnowledgeDraft => ({
    kind: 'fact',
    text: `${fact.key}: ${fact.content}`,
    time,
    salience: LORE_SALIENCE,
    entities: fact.entities ?? [],
    tags: [LORE_TAG, ...(fact.tags ?? [])],
    provenance,
  }));
}
