import { z } from 'zod';
import { slugSchema, stateSchema, textSchema } from './common.ts';

/** A persona the player can inhabit. Its id is a message owner in the stream, like a character's. */
export const personaSchema = z.strictObject({
  id: slugSchema.describe('Unique among personas and characters.'),
  name: textSchema,
  description: textSchema.describe('Who the persona is; the player and the Narrator read it.'),
  states: z.array(stateSchema).default([]).describe('Starting states (mood, wounds, morality …).'),
  inventory: z.array(textSchema).optional().describe('What the persona carries at the start.'),
});

export const personasSchema = z
  .array(personaSchema)
  .describe('personas.yaml: the personas a player can choose (story.yaml start.persona names the default).');

export type Persona = z.output<typeof personaSchema>;
