import { z } from 'zod';

/**
 * Building blocks shared by the pack file schemas. Every object is strict: an unknown key fails the parse, and the
 * loader turns exactly those failures into warnings (a typo like `persnality` must not pass in silence), while the
 * exported JSON Schema says `additionalProperties: false` so editors flag the typo as it is typed.
 */

export const SLUG_PATTERN = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/u;

/** An id other files refer to: lowercase letters and digits, joined by `-` or `_`. */
export const slugSchema = z.string().regex(SLUG_PATTERN, {
  error: 'must be a lowercase id: letters a–z, digits, and - or _ between them (e.g. "old-mara")',
});

export const textSchema = z.string().trim().min(1, { error: 'must not be empty' });

/** Free text that may be left out. */
export const optionalTextSchema = z.string().default('');

/** Names, tags and aliases are short single-line labels. */
export const labelListSchema = z.array(textSchema).default([]);

/** A character or persona state (mood, wound, curse …). Levels below 6 stay subconscious: extractors see them, prompts don't. */
export const stateSchema = z.strictObject({
  name: textSchema.describe('What the state is, e.g. "suspicious of strangers".'),
  level: z
    .number()
    .int()
    .min(0)
    .max(30)
    .describe(
      'Intensity 0–30. Below 6 the state is subconscious (only extractors see it); 6 and above it is manifest.',
    ),
  category: textSchema.describe('A free grouping such as mood, wound, magic or relationship.'),
});

/**
 * A path to a file inside the pack, relative to the pack folder, with forward slashes. Escapes (`..`, absolute paths)
 * are reported by the loader with the offending path, so the schema only asks for a non-empty string.
 */
export const packPathSchema = textSchema.describe(
  'A path inside the pack folder, relative to it, with forward slashes.',
);
