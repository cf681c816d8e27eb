import { z } from 'zod';

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
  if (first === undefined) return z.strictObject({ beats: z.array(narrationBeatSchema).min(1).max(MAX_BEATS) });
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
