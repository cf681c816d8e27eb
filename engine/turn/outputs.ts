import { z } from 'zod';
import { CHARACTER_TIERS } from '../npc/index.ts';

/** The structured output of each stage (pipeline-rules.md "Stage Contracts"). Objects at the root: every provider
 * (OpenAI's json_schema included) accepts them. */

/** Beats stay short (the prompt asks for one to three sentences): a runaway model cannot flood the stream. */
const MAX_BEATS = 6;
export const narrationBeatSchema = z.strictObject({
  type: z.literal('narration'),
  content: z.string().min(1).max(700),
});
export const cueBeatSchema = z.strictObject({
  type: z.literal('cue'),
  character: z.string().min(1),
  mood: z.string().min(1).max(40),
  context: z.string().max(300),
});
/** A scene opening's few tier requests: more would be the Narrator recasting the story, not flagging it. */
const MAX_TIER_REQUESTS = 4;

function importanceFlagsSchema<Id extends z.ZodType<string>>(character: Id) {
  const request = z.strictObject({
    character,
    requested: z.enum(CHARACTER_TIERS),
    reason: z.string().min(1).max(300),
  });
  return z.strictObject({
    upgrade_requests: z.array(request).max(MAX_TIER_REQUESTS).default([]),
    downgrade_requests: z.array(request).max(MAX_TIER_REQUESTS).default([]),
  });
}

/** The player's suggested next actions (npc-simulation.md's Writer `choices`): a few, each a handful of words. */
export const MAX_CHOICES = 4;
export const choicesSchema = z.array(z.string().min(1).max(100)).min(2).max(MAX_CHOICES);

/** What the Narrator may bring into the story (npc-simulation.md's Writer `creation_requests`). */
export const CREATION_KINDS = ['character', 'location', 'object'] as const;
export type CreationKind = (typeof CREATION_KINDS)[number];

/** One request: short fields, so the schema a small model is held to stays small. */
function creationRequestSchema<Place extends z.ZodType<string>>(where: Place) {
  return z.strictObject({
    kind: z.enum(CREATION_KINDS),
    name: z.string().trim().min(1).max(60),
    concept: z.string().trim().min(1).max(200),
    where,
    why: z.string().trim().min(1).max(200),
  });
}
export const anyCreationRequestSchema = creationRequestSchema(z.string().min(1));
export type CreationRequest = z.infer<typeof anyCreationRequestSchema>;

/** The places a request may put what it creates (location ids), and how many requests one script may hold. */
export interface CreationOffer {
  readonly places: readonly string[];
  readonly max: number;
}

export const beatScriptSchema = z.strictObject({
  beats: z
    .array(z.discriminatedUnion('type', [narrationBeatSchema, cueBeatSchema]))
    .min(1)
    .max(12),
  /** At a scene opening only (npc-simulation.md, the Writer's importance_flags). */
  importance_flags: importanceFlagsSchema(z.string().min(1)).optional(),
  /** Offered only when the turn asks for them (a setting and the pack's tuning may turn them off). */
  choices: choicesSchema.optional(),
  /** Offered only to the persona's call, when the pack allows creation and the scene has some left. */
  create: z.array(anyCreationRequestSchema).max(20).optional(),
});

/**
 * The beat script for one scene: cues may name only the characters present, so a grammar-constrained model cannot
 * invent a speaker (and with nobody present, only narration beats exist). At a scene opening, `flaggable` lists the
 * characters whose tier the Narrator may ask to change; on other turns the script has no importance_flags at all.
 * With `offerChoices`, the script may end with the player's suggested next actions; otherwise it has no choices.
 * With a `creation` offer it may ask for people, places and things the pack lacks, put in one of the offered places;
 * without one the script has no `create` field at all (nothing added to a small model's grammar).
 */
export function beatScriptSchemaFor(
  characterIds: readonly string[],
  flaggable: readonly string[] = [],
  offerChoices = false,
  creation: CreationOffer | null = null,
): z.ZodType<BeatScript> {
  const [first, ...rest] = characterIds;
  const beat =
    first === undefined
      ? narrationBeatSchema
      : z.discriminatedUnion('type', [
          narrationBeatSchema,
          cueBeatSchema.extend({ character: z.enum([first, ...rest]) }),
        ]);
  const beats = z
    .array(beat)
    .min(1)
    .max(first === undefined ? MAX_BEATS : 12);
  const [firstFlaggable, ...restFlaggable] = flaggable;
  const [firstPlace, ...restPlaces] = creation?.places ?? [];
  const canCreate = firstPlace !== undefined && creation !== null && creation.max >= 1;
  const full = z.strictObject({
    beats,
    importance_flags: importanceFlagsSchema(
      firstFlaggable === undefined ? z.string() : z.enum([firstFlaggable, ...restFlaggable]),
    ).optional(),
    choices: choicesSchema.optional(),
    create: z
      .array(creationRequestSchema(firstPlace === undefined ? z.string() : z.enum([firstPlace, ...restPlaces])))
      .max(Math.max(1, creation?.max ?? 1))
      .optional(),
  });
  // What is not offered is left out of the schema altogether, so a grammar-constrained model never sees it.
  const absent: { importance_flags?: true; choices?: true; create?: true } = {
    ...(firstFlaggable === undefined ? { importance_flags: true } : {}),
    ...(offerChoices ? {} : { choices: true }),
    ...(canCreate ? {} : { create: true }),
  };
  return full.omit(absent);
}
export type BeatScript = z.infer<typeof beatScriptSchema>;
export type Beat = BeatScript['beats'][number];
export type NarratorImportanceFlags = NonNullable<BeatScript['importance_flags']>;

/** Persona and NPC Intent: an optional private thought, then the intention. An empty thought means none. */
export const intentSchema = z.strictObject({ thought: z.string(), intention: z.string().min(1) });
export type IntentOutput = z.infer<typeof intentSchema>;

/** Persona and Character Extractors: absolute levels, so applying the same output twice changes nothing. */
export const stateChangesSchema = z.strictObject({
  changes: z
    .array(
      z.strictObject({
        name: z.string().min(1).max(60),
        // Any whole number is accepted and clamped to 0–30 when applied: "35" plainly means overwhelming.
        level: z.number().int().describe('0 (gone) to 30 (overwhelming)'),
        category: z.string().min(1).max(30),
      }),
    )
    .max(8),
  summary: z.string(),
});
export type StateChanges = z.infer<typeof stateChangesSchema>;

/** Lore Extractor: facts keyed by what they are about; an existing key is updated, a new one added. */
export const loreFactsSchema = z.strictObject({
  facts: z.array(z.strictObject({ key: z.string().min(1).max(80), content: z.string().min(1) })).max(8),
  summary: z.string(),
});
export type LoreFacts = z.infer<typeof loreFactsSchema>;
