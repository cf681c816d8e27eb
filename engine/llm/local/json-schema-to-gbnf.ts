import type { GbnfJsonSchema } from 'node-llama-cpp';

/**
 * Maps the JSON Schema that `toJsonSchema` (zod 4, draft-07) produces onto the subset node-llama-cpp can turn into a
 * grammar. What the grammar cannot express (patterns, most numeric bounds, most formats) is dropped: the grammar only has to
 * make the output parseable and well-shaped, zod validation afterwards enforces the rest.
 */
export function toGbnfJsonSchema(jsonSchema: Readonly<Record<string, unknown>>): GbnfJsonSchema {
  const definitions = asRecord(jsonSchema['definitions']) ?? asRecord(jsonSchema['$defs']);
  const root = convert(jsonSchema);
  if (definitions === undefined || !isRecord(root)) return root;
  const $defs: Record<string, GbnfJsonSchema> = {};
  for (const [name, definition] of Object.entries(definitions)) $defs[name] = convert(definition);
  return { ...root, $defs } satisfies Record<string, unknown> as GbnfJsonSchema;
}

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);
const GRAMMAR_FORMATS = new Set(['date-time', 'time', 'date']);

/** Any JSON value; the grammar language has no keyword for it. */
const ANY_VALUE: GbnfJsonSchema = {
  oneOf: [
    { type: ['string', 'number', 'boolean', 'null'] },
    { type: 'object', additionalProperties: true },
    { type: 'array' },
  ],
};

function convert(node: unknown): GbnfJsonSchema {
  if (node === true || node === undefined) return ANY_VALUE;
  const schema = asRecord(node);
  if (schema === undefined) return ANY_VALUE;
  const described = <T extends GbnfJsonSchema>(converted: T): GbnfJsonSchema => {
    const description = schema['description'];
    return typeof description === 'string' ? { ...converted, description } : converted;
  };

  if (typeof schema['$ref'] === 'string') {
    const name = /^#\/(?:definitions|\$defs)\/(.+)$/u.exec(schema['$ref'])?.[1];
    // A reference to the root ("#") is recursion the converter does not follow; any value keeps the grammar finite.
    return name === undefined
      ? ANY_VALUE
      : ({ $ref: `#/$defs/${name}` } satisfies Record<string, unknown> as GbnfJsonSchema);
  }
  if ('const' in schema && isJsonScalar(schema['const'])) return described({ const: schema['const'] });
  if (Array.isArray(schema['enum'])) {
    const values = schema['enum'].filter(isJsonScalar);
    return described(values.length === 1 ? { const: values[0] ?? null } : { enum: values });
  }
  const alternatives = schema['anyOf'] ?? schema['oneOf'];
  if (Array.isArray(alternatives)) return described({ oneOf: alternatives.map(convert) });
  if (Array.isArray(schema['allOf'])) return described(mergeAllOf(schema['allOf']));

  const type = schema['type'];
  if (Array.isArray(type)) {
    const scalars = type.filter((item): item is 'string' => typeof item === 'string' && SCALAR_TYPES.has(item));
    if (scalars.length === type.length) return described({ type: scalars });
    return described({ oneOf: type.map((item: unknown) => convert({ ...schema, type: item })) });
  }
  switch (type) {
    case 'string':
      return described(convertString(schema));
    case 'integer':
      return described(convertInteger(schema));
    case 'number':
      return described(convertNumber(schema));
    case 'boolean':
    case 'null':
      return described({ type });
    case 'array':
      return described(convertArray(schema));
    case 'object':
      return described(convertObject(schema));
    default:
      return ANY_VALUE;
  }
}

/** Widest bounded integer range spelled out as an enum: salience and state levels (1–10) stay in range while sampled. */
const MAX_ENUMERATED_INTEGERS = 32;

function convertInteger(schema: Readonly<Record<string, unknown>>): GbnfJsonSchema {
  const { minimum, maximum } = schema;
  if (typeof minimum !== 'number' || typeof maximum !== 'number') return { type: 'integer' };
  const from = Math.ceil(minimum);
  const to = Math.floor(maximum);
  if (to < from || to - from + 1 > MAX_ENUMERATED_INTEGERS) return { type: 'integer' };
  return { enum: Array.from({ length: to - from + 1 }, (_, index) => from + index) };
}

/**
 * A bounded number (a confidence, a shift of standing) is sampled in tenths, so a small model cannot write one out of
 * range; a range too wide to spell out stays free, and the reply's own check refuses a wrong value.
 */
function convertNumber(schema: Readonly<Record<string, unknown>>): GbnfJsonSchema {
  const { minimum, maximum } = schema;
  if (typeof minimum !== 'number' || typeof maximum !== 'number') return { type: 'number' };
  const from = Math.ceil(minimum * 10);
  const to = Math.floor(maximum * 10);
  if (to < from || to - from + 1 > MAX_ENUMERATED_INTEGERS * 2) return { type: 'number' };
  return { enum: Array.from({ length: to - from + 1 }, (_, index) => (from + index) / 10) };
}

function convertString(schema: Readonly<Record<string, unknown>>): GbnfJsonSchema {
  const format = schema['format'];
  if (typeof format === 'string' && GRAMMAR_FORMATS.has(format)) {
    return { type: 'string', format: format as 'date-time' | 'time' | 'date' };
  }
  const minLength = nonNegativeInteger(schema['minLength']);
  const maxLength = nonNegativeInteger(schema['maxLength']);
  return {
    type: 'string',
    ...(minLength === undefined ? {} : { minLength }),
    ...(maxLength === undefined ? {} : { maxLength }),
  };
}

function convertArray(schema: Readonly<Record<string, unknown>>): GbnfJsonSchema {
  const minItems = nonNegativeInteger(schema['minItems']);
  const maxItems = nonNegativeInteger(schema['maxItems']);
  const items = schema['items'];
  // draft-07 tuples put the positional schemas in `items` (an array) and the rest in `additionalItems`.
  const prefix = Array.isArray(items) ? items : schema['prefixItems'];
  const rest = Array.isArray(items) ? schema['additionalItems'] : items;
  return {
    type: 'array',
    ...(Array.isArray(prefix) ? { prefixItems: prefix.map(convert) } : {}),
    ...(rest === undefined || rest === false ? {} : { items: convert(rest) }),
    ...(minItems === undefined ? {} : { minItems }),
    ...(maxItems === undefined ? {} : { maxItems }),
  };
}

function convertObject(schema: Readonly<Record<string, unknown>>): GbnfJsonSchema {
  const properties: Record<string, GbnfJsonSchema> = {};
  for (const [key, value] of Object.entries(asRecord(schema['properties']) ?? {})) properties[key] = convert(value);
  const required = Array.isArray(schema['required'])
    ? schema['required'].filter((key): key is string => typeof key === 'string' && key in properties)
    : [];
  const additional = schema['additionalProperties'];
  const additionalProperties = additional === false ? false : isEmptySchema(additional) ? true : convert(additional);
  // Without declared properties, an absent `additionalProperties` means "anything": a record or a loose object.
  const closed = Object.keys(properties).length > 0 && additional === undefined;
  return { type: 'object', properties, required, additionalProperties: closed ? false : additionalProperties };
}

/** zod emits allOf for intersections; objects merge, anything else is left to validation. */
function mergeAllOf(parts: readonly unknown[]): GbnfJsonSchema {
  const objects = parts.map(asRecord);
  if (objects.some((part) => part === undefined || part['type'] !== 'object')) return ANY_VALUE;
  const merged = { type: 'object', properties: {}, required: [] as unknown[] };
  for (const part of objects) {
    Object.assign(merged.properties, asRecord(part?.['properties']) ?? {});
    merged.required.push(...(Array.isArray(part?.['required']) ? part['required'] : []));
  }
  return convertObject({ ...merged, additionalProperties: false });
}

function isEmptySchema(value: unknown): boolean {
  return value === true || (isRecord(value) && Object.keys(value).length === 0);
}

function nonNegativeInteger(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function isJsonScalar(value: unknown): value is string | number | boolean | null {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asRecord(value: unknown): Readonly<Record<string, unknown>> | undefined {
  return isRecord(value) ? value : undefined;
}
