import { describe, expect, it } from 'vitest';
import { PACK_SCHEMA_KINDS, packJsonSchemas } from '../../../engine/pack/index.ts';

describe('packJsonSchemas', () => {
  it('exports a JSON Schema per pack file kind that survives a JSON round trip', () => {
    const schemas = packJsonSchemas();
    expect(Object.keys(schemas)).toEqual([...PACK_SCHEMA_KINDS]);
    const reparsed: unknown = JSON.parse(JSON.stringify(schemas));
    expect(reparsed).toEqual(schemas);
  });

  it('describes a character’s keys, ranges and strictness for editors', () => {
    const { character } = packJsonSchemas();
    expect(character).toMatchObject({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      additionalProperties: false,
      required: ['id', 'name', 'description'],
      properties: {
        chattiness: { type: 'integer', minimum: 0, maximum: 100 },
        states: { items: { properties: { level: { type: 'integer', minimum: 0, maximum: 30 } } } },
      },
    });
    expect(Object.keys(character.properties ?? {})).toEqual([
      'id',
      'name',
      'aliases',
      'description',
      'personality',
      'voice',
      'chattiness',
      'baked',
      'location',
      'states',
      'knowledge',
      'tier',
      'goals',
      'routine',
      'faction',
      'extensions',
    ]);
  });

  it('describes list files as arrays of their items', () => {
    const { characters, lore } = packJsonSchemas();
    expect(characters).toMatchObject({
      type: 'array',
      items: { type: 'object', required: ['id', 'name', 'description'] },
    });
    expect(lore).toMatchObject({ type: 'array', items: { required: ['key', 'content'] } });
  });
});
