import { z } from 'zod';
import { MAX_SALIENCE, MIN_SALIENCE } from '../../npc/index.ts';

export const MAX_REFLECTION_MEMORIES = 5;

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
});

export type Reflection = z.infer<typeof reflectionSchema>;
