import { z } from 'zod';
import { goalSchema, routineSlotSchema, tierSchema } from './character-life.ts';
import { labelListSchema, optionalTextSchema, slugSchema, stateSchema, textSchema } from './common.ts';

/** Private knowledge: only this character knows it, and only its own stages are given it (ARCHITECTURE §5). */
export const knowledgeSchema = z.strictObject({
  id: slugSchema.optional().describe('An optional id, so later files (triggers, gates) can refer to this item.'),
  content: textSchema.describe('What the character knows.'),
  tags: labelListSchema,
});

export const voiceSchema = z.strictObject({
  style: optionalTextSchema.describe('How the character speaks: diction, rhythm, tics.'),
  examples: z.array(textSchema).default([]).describe('Sample lines in the character’s voice.'),
});

export const characterSchema = z
  .strictObject({
    id: slugSchema.describe('Unique among characters and personas; lore audience and other files refer to it.'),
    name: textSchema,
    aliases: labelListSchema.describe('Other names the player may use for this character.'),
    description: textSchema.describe('What others can see: appearance, role, bearing.'),
    personality: optionalTextSchema,
    voice: voiceSchema.default({ style: '', examples: [] }),
    chattiness: z
      .number()
      .int()
      .min(0)
      .max(100)
      .default(50)
      .describe('0–100: how likely this NPC is to act on a turn it is not baked in.'),
    baked: z.boolean().default(false).describe('Story-critical: always acts, before the others.'),
    location: slugSchema
      .optional()
      .describe('The id of the location the character is in at the start (omit: off-stage).'),
    states: z.array(stateSchema).default([]),
    knowledge: z.array(knowledgeSchema).default([]).describe('Private knowledge only this character has.'),
    tier: tierSchema,
    goals: z.array(goalSchema).default([]).describe('What the character pursues off-screen and on.'),
    routine: z
      .array(routineSlotSchema)
      .default([])
      .describe('Where the character is at which time of day when nothing pulls it elsewhere.'),
    faction: slugSchema.optional().describe('The faction it belongs to (a free id shared by its members).'),
    extensions: z
      .record(z.string(), z.unknown())
      .default({})
      .describe(
        'Free data kept as is (e.g. from an imported character card). The engine reads only the card fields it ' +
          'plays from `storyloom_card`: greetings, scenario, system_prompt, post_history_instructions, nickname.',
      ),
  })
  .describe('A character: one per file in characters/, or a list in characters.yaml.');

export const charactersSchema = z.array(characterSchema).describe('characters.yaml: a list of characters.');

export type Character = z.output<typeof characterSchema>;
export type CharacterKnowledge = z.output<typeof knowledgeSchema>;
