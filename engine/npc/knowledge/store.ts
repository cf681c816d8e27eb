import type { Audience, KnowledgeDraft, KnowledgeEntry } from './entry.ts';
import { INFERENCE_SALIENCE_CAP, MAX_SALIENCE, MIN_SALIENCE } from './entry.ts';
import { normaliseLabels } from './labels.ts';

/**
 * Every knowledge graph of a save as one plain-JSON value: the turn checkpoints it with JSON.stringify and rewinds by
 * restoring an older checkpoint. Writes return a new store and never touch the old one. Graphs are kept apart by
 * audience, so reading one can never reach into another (see `knowledgeView`).
 */
export type KnowledgeStore = {
  readonly version: 1;
  readonly nextSeq: number;
  readonly world: readonly KnowledgeEntry[];
  readonly persona: readonly KnowledgeEntry[];
  readonly characters: { readonly [characterId: string]: readonly KnowledgeEntry[] };
};

export function emptyKnowledgeStore(): KnowledgeStore {
  return { version: 1, nextSeq: 1, world: [], persona: [], characters: {} };
}

/** Adds entries to one graph. A malformed draft is a stage bug, so it throws rather than storing something odd. */
export function recordKnowledge(
  store: KnowledgeStore,
  audience: Audience,
  drafts: readonly KnowledgeDraft[],
): KnowledgeStore {
  const added = drafts.map((draft, index) => toEntry(draft, store.nextSeq + index));
  const nextSeq = store.nextSeq + added.length;
  switch (audience.kind) {
    case 'world':
      return { ...store, nextSeq, world: [...store.world, ...added] };
    case 'persona':
      return { ...store, nextSeq, persona: [...store.persona, ...added] };
    case 'character': {
      const own = store.characters[audience.id] ?? [];
      return { ...store, nextSeq, characters: { ...store.characters, [audience.id]: [...own, ...added] } };
    }
  }
}

function toEntry(draft: KnowledgeDraft, seq: number): KnowledgeEntry {
  if (draft.text.trim() === '') throw new RangeError('a knowledge entry needs text');
  if (!Number.isInteger(draft.salience) || draft.salience < MIN_SALIENCE || draft.salience > MAX_SALIENCE) {
    throw new RangeError(`salience must be an integer ${MIN_SALIENCE}–${MAX_SALIENCE}, got ${draft.salience}`);
  }
  if (!Number.isFinite(draft.time)) throw new RangeError(`not an in-world time: ${draft.time}`);
  const salience =
    draft.provenance.source === 'offscreen-inference'
      ? Math.min(draft.salience, INFERENCE_SALIENCE_CAP)
      : draft.salience;
  return {
    seq,
    kind: draft.kind,
    text: draft.text.trim(),
    time: draft.time,
    place: draft.place ?? null,
    entities: normaliseLabels(draft.entities ?? []),
    salience,
    tags: normaliseLabels(draft.tags ?? []),
    provenance: draft.provenance,
  };
}
