import { z } from 'zod';

/** The structured output of each stage (pipeline-rules.md "Stage Contracts"). Objects at the root: every provider
 * (OpenAI's json_schema included) accepts them. */

export const narrationBeatSchema = z.strictObject({ type: z.literal('narration'), content: z.string().min(1) });
export const cueBeatSchema = z.strictObject({
  type: z.literal('cue'),
  character: z.string().min(1),
  mood: z.string().min(1),
  context: z.string(),
});
export const beatScriptSchema = z.strictObject({
  beats: z
    .array(z.discriminatedUnion('type', [narrationBeatSchema, cueBeatSchema]))
    .min(1)
    .max(12),
});

/**
 * The beat script for one scene: cues may name only the characters present, so a grammar-constrained model cannot
 * invent a speaker (and with nobody present, only narration beats exist).
 */
export function beatScriptSchemaFor(characterIds: readonly string[]): z.ZodType<BeatScript> {
  const [first, ...rest] = characterIds;
  if (first === undefined) return z.strictObject({ beats: z.array(narrationBeatSchema).min(1).max(12) });
  const cue = cueBeatSchema.extend({ character: z.enum([first, ...rest]) });
  return z.strictObject({
    beats: z
      .array(z.discriminatedUnion('type', [narrationBeatSchema, cue]))
      .min(1)
      .max(12),
  });
}
export type BeatScript = z.infer<typeof beatScriptSchema>;
export type Beat = BeatScript['beats'][number];

/** Persona and NPC Intent: an optional private thought, then the intention. An empty thought means none. */
export const intentSchema = z.strictObject({ thought: z.string(), intention: z.string().min(1) });
export type IntentOutput = z.infer<typeof intentSchema>;

/** Persona and Character Extractors: absolute levels, so applying the same output twice changes nothing. */
export const stateChangesSchema = z.strictObject({
  changes: z
    .array(
      z.strictObject({
        name: z.string().min(1).max(60),
        level: z.number().int().min(0).max(30),
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
