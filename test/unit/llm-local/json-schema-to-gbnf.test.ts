import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toGbnfJsonSchema } from '../../../engine/llm/local/index.ts';
import { toJsonSchema } from '../../../engine/llm/structured.ts';

const convert = (schema: z.ZodType) => toGbnfJsonSchema(toJsonSchema(schema));

describe('toGbnfJsonSchema (zod 4 JSON Schema → node-llama-cpp grammar schema)', () => {
  it('maps objects, enums, integers and strings, dropping what a grammar cannot express', () => {
    const schema = z.object({
      name: z.string().min(1).max(40).describe('who'),
      age: z.number().int().min(0),
      mood: z.enum(['calm', 'angry']),
      email: z.email(),
      note: z.string().optional(),
    });
    expect(convert(schema)).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 40, description: 'who' },
        age: { type: 'integer' },
        mood: { enum: ['calm', 'angry'] },
        email: { type: 'string' },
        note: { type: 'string' },
      },
      required: ['name', 'age', 'mood', 'email'],
      additionalProperties: false,
    });
  });

  it('spells out a small bounded integer range, so a sampled salience or level stays in range', () => {
    expect(convert(z.number().int().min(1).max(10))).toEqual({ enum: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
    expect(convert(z.number().int().min(0).max(1000))).toEqual({ type: 'integer' });
    expect(convert(z.number().int().min(1))).toEqual({ type: 'integer' });
  });

  it('samples a bounded number in tenths, so a small model cannot write a shift or confidence out of range', () => {
    expect(convert(z.number().min(-0.5).max(0.5))).toEqual({
      enum: [-0.5, -0.4, -0.3, -0.2, -0.1, 0, 0.1, 0.2, 0.3, 0.4, 0.5],
    });
    expect(convert(z.number().min(0).max(100))).toEqual({ type: 'number' });
    expect(convert(z.number().min(0))).toEqual({ type: 'number' });
  });

  it('maps literals, nullable, unions, tuples, records, loose objects and unknown', () => {
    const schema = z.object({
      kind: z.literal('speech'),
      maybe: z.number().nullable(),
      either: z.union([z.string(), z.object({ a: z.number() })]),
      pair: z.tuple([z.string(), z.number()]),
      scores: z.record(z.string(), z.number()),
      loose: z.looseObject({ a: z.boolean() }),
      anything: z.unknown(),
      list: z.array(z.string()).min(1).max(3),
    });
    const converted = convert(schema);
    expect(converted).toMatchObject({
      properties: {
        kind: { const: 'speech' },
        maybe: { type: ['number', 'null'] },
        either: { oneOf: [{ type: 'string' }, { type: 'object', properties: { a: { type: 'number' } } }] },
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], minItems: 2, maxItems: 2 },
        scores: { type: 'object', additionalProperties: { type: 'number' } },
        loose: { type: 'object', additionalProperties: true },
        anything: { oneOf: expect.any(Array) as unknown },
        list: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 },
      },
    });
  });

  it('turns zod definitions into $defs and rewrites their references', () => {
    const place = z.object({ name: z.string() }).meta({ id: 'Place' });
    const converted = convert(z.object({ from: place, to: place }));
    expect(converted).toMatchObject({
      properties: { from: { $ref: '#/$defs/Place' }, to: { $ref: '#/$defs/Place' } },
      $defs: { Place: { type: 'object', properties: { name: { type: 'string' } } } },
    });
  });

  it('merges intersections of objects', () => {
    const converted = convert(z.intersection(z.object({ a: z.string() }), z.object({ b: z.number() })));
    expect(converted).toMatchObject({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } } });
  });
});
