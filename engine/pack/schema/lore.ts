import { z } from 'zod';
import { labelListSchema, slugSchema, textSchema } from './common.ts';

/** Who may know a lore entry: everyone, the player's persona, or one character (the one-audience rule of §5). */
export const WORLD_AUDIENCE = 'world';
export const PERSONA_AUDIENCE = 'persona';

/**
 * Set in `extensions` by imports for an entry its lorebook gave no keys: its key is only a label then, and it is never
 * activated unless constant (as in SillyTavern).
 */
export const KEYLESS_MARK = 'storyloom_keyless';

export const loreEntrySchema = z.strictObject({
  id: slugSchema
    .optional()
    .describe(
      'A stable id, unique among lore entries; without one the entry is known by its key and audience (imports set it, ' +
        'since real lorebooks share keys).',
    ),
  key: textSchema.describe('The entry’s name; the Lore Extractor and retrieval match on it and its aliases.'),
  aliases: labelListSchema,
  content: textSchema,
  audience: slugSchema
    .default(WORLD_AUDIENCE)
    .describe(
      '"world" (anyone may learn it), "persona" (the player’s persona), or a character id (only they know it).',
    ),
  tags: labelListSchema,
  // Activation settings, kept so lorebooks from other tools (SillyTavern World Info, lorebook_v3) import without loss.
  secondaryKeys: labelListSchema.describe('More keys; with selectiveLogic they narrow when the entry applies.'),
  selectiveLogic: z
    .enum(['and_any', 'and_all', 'not_any', 'not_all'])
    .default('and_any')
    .describe('How the secondary keys combine with the key: AND ANY, AND ALL, NOT ANY, NOT ALL.'),
  caseSensitive: z
    .boolean()
    .optional()
    .describe('Keys match only in the same case; the story’s tuning.lore.caseSensitive when left out.'),
  wholeWords: z
    .boolean()
    .optional()
    .describe('Keys match only as whole words; the story’s tuning.lore.wholeWords when left out.'),
  constant: z.boolean().default(false).describe('Always in context, whatever is being talked about.'),
  order: z.number().int().default(100).describe('Insertion order: lower first.'),
  disabled: z.boolean().default(false).describe('Kept in the pack but never used.'),
  extensions: z
    .record(z.string(), z.unknown())
    .default({})
    .describe('Free data kept as is (e.g. from an imported lorebook), never read by the engine.'),
});

export const loreSchema = z.array(loreEntrySchema).describe('lore.yaml: the lorebook the story starts with.');

export type LoreEntry = z.output<typeof loreEntrySchema>;

/** What names an entry among the pack's lore: its id, else its key for its audience. */
export function loreIdentity(entry: Pick<LoreEntry, 'id' | 'key' | 'audience'>): string {
  return entry.id ?? `${entry.key}\u0000${entry.audience}`;
}
