import { z } from 'zod';
import { KNOWLEDGE_KINDS, KNOWLEDGE_SOURCES, type Audience, type KnowledgeDraft } from './entry.ts';

/** A knowledge draft as a stage result carries it (plain JSON); the store checks salience and text when it records. */
export const knowledgeDraftSchema = z.strictObject({
  kind: z.enum(KNOWLEDGE_KINDS),
  text: z.string(),
  time: z.number(),
  salience: z.number(),
  provenance: z.strictObject({ source: z.enum(KNOWLEDGE_SOURCES), ref: z.string().nullable() }),
  place: z.string().nullable().optional(),
  entities: z.array(z.string()).optional(),
  tags: z.array(z.string()).optional(),
});

export const audienceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('world') }),
  z.strictObject({ kind: z.literal('persona') }),
  z.strictObject({ kind: z.literal('character'), id: z.string().min(1) }),
]);

/** Reads a stored `{audience, drafts}` pair (StepResult.knowledge) back into the store's types; throws when malformed. */
export function readKnowledgeWrite(write: { readonly audience: unknown; readonly drafts: readonly unknown[] }): {
  readonly audience: Audience;
  readonly drafts: readonly KnowledgeDraft[];
} {
  const audience = audienceSchema.parse(write.audience);
  const drafts = write.drafts.map((draft) => withoutAbsent(knowledgeDraftSchema.parse(draft)));
  return { audience, drafts };
}

/** exactOptionalPropertyTypes: an optional field is left out rather than set to undefined. */
function withoutAbsent(draft: z.infer<typeof knowledgeDraftSchema>): KnowledgeDraft {
  const { place, entities, tags, ...required } = draft;
  return {
    ...required,
    ...(place === undefined ? {} : { place }),
    ...(entities === undefined ? {} : { entities }),
    ...(tags === undefined ? {} : { tags }),
  };
}
