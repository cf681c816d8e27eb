import { z } from 'zod';
import { MAX_SALIENCE, MIN_SALIENCE } from '../../npc/index.ts';

export const MAX_REFLECTION_MEMORIES = 5;
/** One scene moves a standing by at most this much, on at most this many sides. */
export const MAX_REFLECTION_SHIFT = 0.5;
const MAX_REFLECTION_SHIFTS = 4;

/** CharacterReflection's reply: one to five memories of the scene, in the character's own voice. */
export const reflectionSchema = z.strictObject({
  memories: z
    .array(
      z.strictObject({
        text: z.string().trim().min(1),
        salience: z.number().int().min(MIN_SALIENCE).max(MAX_SALIENCE),
        entities: z.array(z.string()).default([]),
        tags: z.array(z.string()).default([]),
      }),
    )
    .min(1)
    .max(MAX_REFLECTION_MEMORIES),
  /** How the scene moved where the character stands with someone who was there: its own side only. */
  standing: z
    .array(
      z.strictObject({
        character: z.string().min(1),
        dimension: z.string().min(1).max(40),
        shift: z.number().min(-MAX_REFLECTION_SHIFT).max(MAX_REFLECTION_SHIFT),
        why: z.string().max(160).default(''),
      }),
    )
    .max(MAX_REFLECTION_SHIFTS)
    .default([]),
});

export type Reflection = z.infer<typeof reflectionSchema>;
