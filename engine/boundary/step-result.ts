import { z } from 'zod';
import { KNOWLEDGE_KINDS, KNOWLEDGE_SOURCES, type Audience, type KnowledgeDraft } from '../npc/index.ts';
import type { BoundaryStep } from './contract.ts';
import { jsonSchema } from './json.ts';
import { NPC_STATE_PARTS } from './npc-state.ts';

const audienceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('world') }),
  z.strictObject({ kind: z.literal('persona') }),
  z.strictObject({ kind: z.literal('character'), id: z.string().min(1) }),
]);

const draftSchema = z.strictObject({
  kind: z.enum(KNOWLEDGE_KINDS),
  text: z.string(),
  time: z.number(),
  salience: z.number(),
  provenance: z.strictObject({ source: z.enum(KNOWLEDGE_SOURCES), ref: z.string().nullable() }),
  place: z.string().nullable().optional(),
  entities: z.array(z.string()).optional(),
  tags: z.array(z.string()).optional(),
});

const stepResultSchema = z.strictObject({
  knowledge: z.array(z.strictObject({ audience: audienceSchema, drafts: z.array(draftSchema) })).optional(),
  npc: z.partialRecord(z.enum(NPC_STATE_PARTS), jsonSchema).optional(),
  play: z
    .strictObject({
      positions: z.record(z.string(), z.string()).optional(),
      time: z.string().optional(),
      weather: z.string().optional(),
    })
    .optional(),
  detail: jsonSchema.optional(),
});

/** A StepResult with its knowledge typed for engine/npc. */
export interface ParsedStepResult {
  readonly knowledge: readonly { readonly audience: Audience; readonly drafts: readonly KnowledgeDraft[] }[];
  readonly npc: { readonly [part: string]: z.infer<typeof jsonSchema> };
  readonly positions: { readonly [characterId: string]: string };
  readonly time: string | null;
  readonly weather: string | null;
}

/** A step's stored output as a StepResult; an output of another shape names its step (a step bug, loud). */
export function parseStepResult(step: BoundaryStep, output: unknown): ParsedStepResult {
  const parsed = stepResultSchema.safeParse(output ?? {});
  if (!parsed.success) {
    throw new Error(`step ${step} returned an unusable result: ${z.prettifyError(parsed.error)}`);
  }
  const { knowledge = [], npc = {}, play = {} } = parsed.data;
  return {
    knowledge: knowledge.map(({ audience, drafts }) => ({ audience, drafts: drafts.map(toDraft) })),
    npc,
    positions: play.positions ?? {},
    time: play.time ?? null,
    weather: play.weather ?? null,
  };
}

function toDraft(draft: z.infer<typeof draftSchema>): KnowledgeDraft {
  return {
    kind: draft.kind,
    text: draft.text,
    time: draft.time,
    salience: draft.salience,
    provenance: draft.provenance,
    ...(draft.place === undefined ? {} : { place: draft.place }),
    ...(draft.entities === undefined ? {} : { entities: draft.entities }),
    ...(draft.tags === undefined ? {} : { tags: draft.tags }),
  };
}
