import { z } from 'zod';
import { labelListSchema, optionalTextSchema, slugSchema, textSchema } from './common.ts';

/**
 * The optional `world/` folder: the initial_state of scene-state.md. `world/locations.yaml` adds the physical side to
 * the places of locations.yaml (zone, light, room, doors), `world/objects.yaml` lists the things in the world, and
 * `world/environment.yaml` sets the scene's conditions. engine/world builds its state from these.
 */

const scalarSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const worldWaySchema = z.strictObject({
  to: slugSchema.describe('The connection of locations.yaml this describes (its `to`).'),
  door: slugSchema.optional().describe('The id of the door object (world/objects.yaml) that gates this way.'),
  seeThrough: z.boolean().default(true).describe('False for a way you can walk but not see along.'),
});

export const worldLocationSchema = z.strictObject({
  id: slugSchema.describe('The id of a location in locations.yaml.'),
  zone: textSchema.optional().describe('A logical grouping, e.g. "public area".'),
  lighting: z.enum(['dark', 'dim', 'normal', 'bright']).default('normal'),
  capacity: z.number().int().min(1).optional().describe('Most people the place holds; unlimited when left out.'),
  overlooks: z.array(slugSchema).default([]).describe('Places seen from here though not adjacent.'),
  ways: z.array(worldWaySchema).default([]),
});

export const worldLocationsSchema = z
  .array(worldLocationSchema)
  .describe('world/locations.yaml: lighting, zones, capacity and doors of the places.');

export const worldObjectSchema = z
  .strictObject({
    id: slugSchema,
    name: textSchema.describe('Lower-case common name, e.g. "cellar door" (rendered as "The cellar door").'),
    aliases: labelListSchema.describe('Other words the player may use for it, e.g. "lamp" for the brass lantern.'),
    description: optionalTextSchema,
    kind: z.enum(['portable', 'fixed', 'interactive']).default('portable'),
    location: slugSchema.optional().describe('Where it lies (a location id).'),
    holder: slugSchema.optional().describe('Who carries it (a character or persona id).'),
    in: slugSchema.optional().describe('The container object it is in.'),
    owner: slugSchema.optional(),
    hidden: z.boolean().default(false),
    state: z.record(z.string(), scalarSchema).default({}).describe('e.g. { open: false, locked: true } for a door.'),
    key: slugSchema.optional().describe('The object that locks and unlocks this one.'),
    container: z.boolean().default(false),
  })
  .refine((object) => [object.location, object.holder, object.in].filter((place) => place !== undefined).length === 1, {
    error: 'give exactly one of location, holder or in',
  });

export const worldObjectsSchema = z.array(worldObjectSchema).describe('world/objects.yaml: the things in the world.');

export const worldEnvironmentSchema = z.strictObject({
  time: z
    .string()
    .regex(/^\s*\d{1,2}:\d{2}\s*([AaPp][Mm])?\s*$/u, { error: 'a clock time such as "2:30 PM" or "14:30"' })
    .optional(),
  weather: textSchema.optional(),
  mood: textSchema.optional(),
  tension: z.number().min(0).max(1).optional(),
  noise: z.number().min(0).max(1).optional(),
  flags: z.record(z.string(), scalarSchema).default({}).describe('Story conditions, e.g. public_awareness: none.'),
});

export const worldLexiconSchema = z.strictObject({
  verbs: z
    .record(z.string().min(1), z.array(z.string().min(1)))
    .default({})
    .describe('Extra verbs per action, e.g. { take: [pocket], signal: [wave, flash] }.'),
  constraints: z
    .array(
      z.strictObject({
        id: slugSchema.describe('Names the constraint in the truth set: ConstraintViolation(player,fly,<id>).'),
        verbs: z.array(z.string().min(1)).min(1).describe('Verbs the world does not allow, e.g. [fly, levitate].'),
        reason: textSchema.describe('Why not, for the Narrator to render in-world.'),
      }),
    )
    .default([]),
});

export type WorldLocationSpec = z.output<typeof worldLocationSchema>;
export type WorldObjectSpec = z.output<typeof worldObjectSchema>;
export type WorldEnvironmentSpec = z.output<typeof worldEnvironmentSchema>;
export type WorldLexiconSpec = z.output<typeof worldLexiconSchema>;

/** The world of a pack; a pack without a `world/` folder has none. */
export type PackWorld = {
  readonly locations: readonly WorldLocationSpec[];
  readonly objects: readonly WorldObjectSpec[];
  readonly environment: WorldEnvironmentSpec | null;
};
