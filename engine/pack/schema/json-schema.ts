import { z } from 'zod';
import { characterSchema, charactersSchema } from './characters.ts';
import { locationsSchema } from './locations.ts';
import { loreSchema } from './lore.ts';
import { narrativeSchema } from './narrative.ts';
import { personasSchema } from './personas.ts';
import { storySchema } from './story.ts';
import { triggersSchema } from './triggers.ts';
import { worldEnvironmentSchema, worldLexiconSchema, worldLocationsSchema, worldObjectsSchema } from './world.ts';

/** The schema of each pack file kind, by the name `storyloom schema <kind>` takes. */
export const PACK_FILE_SCHEMAS = {
  story: storySchema,
  character: characterSchema,
  characters: charactersSchema,
  personas: personasSchema,
  locations: locationsSchema,
  lore: loreSchema,
  triggers: triggersSchema,
  narrative: narrativeSchema,
  'world-locations': worldLocationsSchema,
  'world-objects': worldObjectsSchema,
  'world-environment': worldEnvironmentSchema,
  'world-lexicon': worldLexiconSchema,
} as const;

export type PackSchemaKind = keyof typeof PACK_FILE_SCHEMAS;
export type JsonSchema = z.core.JSONSchema.BaseSchema;

export const PACK_SCHEMA_KINDS = [
  'story',
  'character',
  'characters',
  'personas',
  'locations',
  'lore',
  'triggers',
  'narrative',
  'world-locations',
  'world-objects',
  'world-environment',
  'world-lexicon',
] as const satisfies readonly PackSchemaKind[];

export function isPackSchemaKind(name: string): name is PackSchemaKind {
  return PACK_SCHEMA_KINDS.some((kind) => kind === name);
}

const TITLES: Record<PackSchemaKind, string> = {
  story: 'Storyloom story.yaml',
  character: 'Storyloom character (characters/*.yaml)',
  characters: 'Storyloom characters.yaml',
  personas: 'Storyloom personas.yaml',
  locations: 'Storyloom locations.yaml',
  lore: 'Storyloom lore.yaml',
  triggers: 'Storyloom triggers.yaml',
  narrative: 'Storyloom narrative.yaml',
  'world-locations': 'Storyloom world/locations.yaml',
  'world-objects': 'Storyloom world/objects.yaml',
  'world-environment': 'Storyloom world/environment.yaml',
  'world-lexicon': 'Storyloom world/lexicon.yaml',
};

/**
 * JSON Schema (draft-07, the draft YAML editors support best) of every pack file kind. Generated for the input side,
 * so keys with defaults are optional, exactly as a writer may leave them out.
 */
export function packJsonSchemas(): Record<PackSchemaKind, JsonSchema> {
  return Object.fromEntries(PACK_SCHEMA_KINDS.map((kind) => [kind, packJsonSchema(kind)])) as Record<
    PackSchemaKind,
    JsonSchema
  >;
}

export function packJsonSchema(kind: PackSchemaKind): JsonSchema {
  return { ...z.toJSONSchema(PACK_FILE_SCHEMAS[kind], { target: 'draft-7', io: 'input' }), title: TITLES[kind] };
}
