import { z } from 'zod';
import { labelListSchema, slugSchema, textSchema } from './common.ts';

/** Who may know a lore entry: everyone, the player's persona, or one character (the one-audience rule of §5). */
export const WORLD_AUDIENCE = 'world';
export const PERSONA_AUDIENCE = 'persona';

export const loreEntrySchema = z.strictObject({
  key: textSchema.describe('The entry’s name; the Lore Extractor and retrieval match on it and its aliases.'),
  aliases: labelListSchema,
  content: textSchema,
  audience: slugSchema
    .default(WORLD_AUDIENCE)
    .describe(
      '"world" (anyone may learn it), "persona" (the player’s persona), or a character id (only they know it).',
    ),
  tags: labelListSchema,
});

export const loreSchema = z.array(loreEntrySchema).describe('lore.yaml: the lorebook the story starts with.');

export type LoreEntry = z.output<typeof loreEntrySchema>;
