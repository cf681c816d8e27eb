import { z } from 'zod';
import { LIGHTING_LEVELS } from './types.ts';
import type { Place, WorldState } from './types.ts';

/** The shape of a checkpointed WorldState, so a restored save is checked before any action trusts it. */

const id = z.string().min(1);
const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const unit = z.number().min(0).max(1);

export const placeSchema: z.ZodType<Place> = z.discriminatedUnion('at', [
  z.strictObject({ at: z.literal('location'), id }),
  z.strictObject({ at: z.literal('agent'), id }),
  z.strictObject({ at: z.literal('container'), id }),
]);

export const conditionSchema = z.strictObject({
  status: z.enum(['ok', 'hurt', 'incapacitated']),
  effects: z.array(z.string()),
});

const locationSchema = z.strictObject({
  id,
  name: z.string(),
  description: z.string(),
  zone: z.string().nullable(),
  lighting: z.enum(LIGHTING_LEVELS),
  capacity: z.number().int().min(0).nullable(),
  connections: z.array(
    z.strictObject({ to: id, cost: z.number().min(0), door: id.nullable(), seeThrough: z.boolean() }),
  ),
  overlooks: z.array(id),
});

const agentSchema = z.strictObject({
  id,
  name: z.string(),
  location: id,
  facing: z.string().nullable(),
  condition: conditionSchema,
  carryLimit: z.number().int().min(0),
});

const objectSchema = z.strictObject({
  id,
  name: z.string(),
  description: z.string(),
  kind: z.enum(['portable', 'fixed', 'interactive']),
  place: placeSchema,
  owner: id.nullable(),
  visibility: z.enum(['visible', 'hidden']),
  state: z.record(z.string(), scalar),
  keyId: id.nullable(),
  container: z.boolean(),
});

const featureSchema = z.strictObject({ id, name: z.string(), description: z.string(), location: id.nullable() });

export const worldStateSchema: z.ZodType<WorldState> = z.strictObject({
  locations: z.record(z.string(), locationSchema),
  agents: z.record(z.string(), agentSchema),
  objects: z.record(z.string(), objectSchema),
  features: z.record(z.string(), featureSchema),
  environment: z.strictObject({
    minuteOfDay: z.number().int().min(0).max(1439),
    weather: z.string(),
    mood: z.string(),
    tension: unit,
    noise: unit,
    flags: z.record(z.string(), scalar),
  }),
});

export { id as idSchema, scalar as scalarSchema };
