import { z } from 'zod';
import { worldMomentumSchema } from './character-life.ts';
import { packPathSchema, slugSchema, textSchema } from './common.ts';
import { parseRange } from '../semver.ts';

/** The pack format this app reads. A newer pack is refused with one clear diagnostic instead of a flood. */
export const PACK_SCHEMA_VERSION = 1;

/** Semver 2.0 (no leading `v`), as the JSON Schema pattern editors check against. */
const SEMVER_PATTERN =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/u;

/** An in-world date and time, ISO-like: `1723-05-14`, `1723-05-14T21:00` or `1723-05-14T21:00:30`. */
const IN_WORLD_TIME = /^-?\d{4,}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?)?$/u;

/** Loose shape check for the editor; the loader asks `Intl` whether the tag is well-formed. */
const BCP47_SHAPE = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/u;

/** The Narrator's standing instructions (its Tier 1 preamble): how this story is told, whatever happens in it. */
const styleSchema = z
  .strictObject({
    genre: textSchema.optional().describe('The genre as a reader would name it, e.g. "gothic smuggling mystery".'),
    voice: textSchema.optional().describe('The narrative voice: tense, register, rhythm, what it dwells on.'),
    constraints: z
      .array(textSchema)
      .optional()
      .describe('Aesthetic rules the Narrator keeps, one sentence each (e.g. "No modern idiom.").'),
  })
  .describe('How the story is told: genre, voice and aesthetic constraints for the Narrator.');

export const tuningSchema = z
  .strictObject({
    minConfidence: z
      .number()
      .min(0)
      .max(1)
      .default(0.5)
      .describe('Interpretive judgments below this confidence count as 0 when triggers are evaluated.'),
    characterRounds: z
      .number()
      .int()
      .min(0)
      .max(50)
      .optional()
      .describe(
        'At most this many characters take a round (intent, Narrator, dialog) per turn, in activation order: baked characters first (always, even past the cap), then those whose chattiness roll succeeds, most chatty first (default 2).',
      ),
    cuesPerScript: z
      .number()
      .int()
      .min(1)
      .max(50)
      .optional()
      .describe(
        'At most this many dialog cues (one Character Dialog call each) in one Narrator beat script; later cues are dropped, with the narration around them kept (default 4).',
      ),
    choices: z
      .boolean()
      .optional()
      .describe(
        'false: the Narrator never offers the player suggested next actions (two to four buttons under the latest prose); default true, unless the player turned them off in the settings.',
      ),
    prepareIntents: z
      .boolean()
      .optional()
      .describe(
        "true: the first acting character's NPC Intent is decided from the story as it stood before the input (on a local model while the player reads, otherwise while the Narrator writes the persona's round), then judged by the world when its round comes and decided again if the world refuses it (default false).",
      ),
    creation: z
      .union([z.boolean(), z.number().int().min(0).max(20)])
      .optional()
      .describe(
        'Whether the Narrator may bring in a person, place or thing the pack lacks (a dock hand, a back room, a letter), kept in the save: false (or 0) never; a number: at most that many per scene; default true (2 per scene).',
      ),
    narratorTemperature: z.number().min(0).max(2).optional().describe('Sampling temperature of the Narrator.'),
    historyMessages: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .optional()
      .describe('How many past messages stage prompts receive.'),
    lore: z
      .strictObject({
        scanDepth: z
          .number()
          .int()
          .min(0)
          .max(1000)
          .optional()
          .describe('How many recent messages lorebook keys are looked for in (default 4).'),
        recursionDepth: z
          .number()
          .int()
          .min(0)
          .max(10)
          .optional()
          .describe('How many times an activated entry’s text may activate further entries (default 2; 0: never).'),
        caseSensitive: z
          .boolean()
          .optional()
          .describe('Keys match only in the same case, unless an entry says otherwise (default false).'),
        wholeWords: z
          .boolean()
          .optional()
          .describe('Keys match only as whole words, unless an entry says otherwise (default true).'),
        constantBudget: z
          .number()
          .int()
          .min(0)
          .max(32000)
          .optional()
          .describe('Tokens of constant lore in the Narrator’s preamble; entries past it are left out (default 600).'),
        stageBudget: z
          .number()
          .int()
          .min(0)
          .max(32000)
          .optional()
          .describe('Tokens of lore in a character’s or the Lore Extractor’s prompt (default 600).'),
      })
      .optional()
      .describe('How lorebook entries activate (SillyTavern World Info semantics) and how much of a prompt they take.'),
    storykeeper: z
      .strictObject({
        retrievedTierBudget: z
          .number()
          .int()
          .min(0)
          .max(8000)
          .optional()
          .describe('Tokens of retrieved context per Narrator call (default 600).'),
        minimumCandidateScore: z
          .number()
          .min(0)
          .max(10)
          .optional()
          .describe('Candidates scoring below this are dropped (default 0.1).'),
        recencyHalfLife: z
          .number()
          .positive()
          .optional()
          .describe('Turns for a candidate’s recency to halve (default 10).'),
        nearbyAttractors: z
          .number()
          .int()
          .min(1)
          .max(20)
          .optional()
          .describe('How many attractors amplify retrieval (default 3).'),
        weights: z
          .strictObject({
            attractor: z.number().min(0).optional(),
            thematic: z.number().min(0).optional(),
            subGraph: z.number().min(0).optional(),
            prophetic: z.number().min(0).optional(),
          })
          .optional()
          .describe('Gravitational weights of the composite score (defaults 0.3, 0.15, 0.25, 0.2).'),
        journal: z
          .strictObject({ full: z.number().int().min(0).optional(), summarised: z.number().int().min(0).optional() })
          .optional()
          .describe(
            'Journal compression: entries kept in full beyond the history window, then summarised (defaults 0, 8).',
          ),
      })
      .optional()
      .describe('The Storykeeper’s budgets, weights and thresholds for this story.'),
    cascade: z
      .strictObject({
        maxDepth: z.number().int().min(1).max(16).optional(),
        maxEvents: z.number().int().min(1).max(256).optional(),
      })
      .optional()
      .describe(
        'Trigger cascade limits: firings in one causal chain (default 4) and events applied in one cascade (default 16); what exceeds them is deferred to the scene boundary.',
      ),
  })
  .describe('Optional engine tuning for this story. Unknown keys are ignored with a warning.');

export const storySchema = z
  .strictObject({
    schemaVersion: z
      .literal(PACK_SCHEMA_VERSION, {
        error: `must be ${PACK_SCHEMA_VERSION} (the story-pack format this file is written in)`,
      })
      .describe('The story-pack format version. This app reads format 1.'),
    id: slugSchema.describe('The pack id: a lowercase slug, unique among installed packs; saves refer to it.'),
    title: textSchema,
    version: z
      .string()
      .regex(SEMVER_PATTERN, { error: 'must be a semantic version such as "1.0.0" (quote it in YAML)' })
      .describe('The version of this pack (semver).'),
    engine: z
      .string()
      .refine((range) => parseRange(range) !== null, { error: 'must be a version range such as ">=0.1.0" or "^0.1"' })
      .describe('The Storyloom versions this pack works with, as a semver range.'),
    ifid: z
      .guid({ error: 'must be a UUID such as "3F2504E0-4F89-41D3-9A0C-0305E82C3301" (generate one with uuidgen)' })
      .describe('Interactive Fiction ID (Treaty of Babel): a UUID that stays the same across versions of this story.'),
    author: textSchema,
    description: textSchema.describe('A few sentences for the library.'),
    language: z
      .string()
      .regex(BCP47_SHAPE, { error: 'must be a BCP-47 language tag such as "en" or "pt-BR"', abort: true })
      .refine(isLanguageTag, { error: 'must be a well-formed BCP-47 language tag such as "en" or "pt-BR"' })
      .default('en')
      .describe('The language the story is written in (BCP-47).'),
    cover: packPathSchema.optional().describe('A cover image inside the pack, e.g. images/cover.png.'),
    style: styleSchema.optional(),
    start: z
      .strictObject({
        location: slugSchema.describe('The id of the location (locations.yaml) the story opens in.'),
        time: z
          .string()
          .regex(IN_WORLD_TIME, { error: 'must be an in-world date and time such as "1723-05-14T21:00"' })
          .describe('In-world date and time the story opens at, ISO-like: "1723-05-14T21:00".'),
        persona: slugSchema.describe('The id of the default persona (personas.yaml).'),
      })
      .describe('Where, when and as whom the story begins.'),
    tuning: tuningSchema.default({ minConfidence: 0.5 }),
    worldMomentum: z
      .array(worldMomentumSchema)
      .default([])
      .describe('Forces moving the world on their own (rituals, wars, reckonings); the Chronicler advances them.'),
  })
  .describe('story.yaml: the manifest of a Storyloom story pack.');

export type StoryManifest = z.output<typeof storySchema>;
export type StoryTuning = z.output<typeof tuningSchema>;

function isLanguageTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}
