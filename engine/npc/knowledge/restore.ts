import { z } from 'zod';
import { KNOWLEDGE_KINDS, KNOWLEDGE_SOURCES, MAX_SALIENCE, MIN_SALIENCE, type KnowledgeEntry } from './entry.ts';
import type { KnowledgeStore } from './store.ts';

const entrySchema = z.strictObject({
  seq: z.number().int().min(1),
  kind: z.enum(KNOWLEDGE_KINDS),
  text: z.string().min(1),
  time: z.number(),
  place: z.string().nullable(),
  entities: z.array(z.string()),
  salience: z.number().int().min(MIN_SALIENCE).max(MAX_SALIENCE),
  tags: z.array(z.string()),
  provenance: z.strictObject({ source: z.enum(KNOWLEDGE_SOURCES), ref: z.string().nullable() }),
});

const storeSchema = z.strictObject({
  version: z.literal(1),
  nextSeq: z.number().int().min(1),
  world: z.array(entrySchema),
  persona: z.array(entrySchema),
  characters: z.record(z.string().min(1), z.array(entrySchema)),
});

export type RestoredKnowledge =
  { readonly ok: true; readonly store: KnowledgeStore } | { readonly ok: false; readonly problems: readonly string[] };

/**
 * Restores a checkpointed KnowledgeStore (JSON.parse of what the save holds). The shape is checked, then the sequence
 * numbers, because a duplicate or a counter behind its entries would let a later write reuse an id.
 */
export function restoreKnowledgeStore(data: unknown): RestoredKnowledge {
  const parsed = storeSchema.safeParse(data);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
  }
  const store: KnowledgeStore = parsed.data;
  const problems = sequenceProblems(store);
  return problems.length === 0 ? { ok: true, store } : { ok: false, problems };
}

function sequenceProblems(store: KnowledgeStore): string[] {
  const all: KnowledgeEntry[] = [...store.world, ...store.persona, ...Object.values(store.characters).flat()];
  const seen = new Set<number>();
  const problems: string[] = [];
  for (const entry of all) {
    if (seen.has(entry.seq)) problems.push(`entry ${entry.seq}: sequence number used twice`);
    if (entry.seq >= store.nextSeq) problems.push(`entry ${entry.seq}: not below nextSeq ${store.nextSeq}`);
    seen.add(entry.seq);
  }
  return problems;
}
