import { z } from 'zod';
import { optionalTextSchema, slugSchema, textSchema } from './common.ts';

export const connectionSchema = z.strictObject({
  to: slugSchema.describe(
    'The id of the location this leads to. Connections are one-way: list the way back there too.',
  ),
  description: optionalTextSchema.describe('How the way looks, e.g. "a rope bridge over the gorge".'),
  travelMinutes: z.number().int().min(0).optional().describe('In-world minutes the way takes.'),
});

export const locationSchema = z.strictObject({
  id: slugSchema,
  name: textSchema,
  description: textSchema,
  connections: z.array(connectionSchema).default([]),
});

export const locationsSchema = z.array(locationSchema).describe('locations.yaml: the places of the story.');

export type StoryLocation = z.output<typeof locationSchema>;
export type LocationConnection = z.output<typeof connectionSchema>;
