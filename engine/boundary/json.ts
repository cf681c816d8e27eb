import { z } from 'zod';
import type { JsonValue as Json } from '../store/index.ts';

/** A plain JSON value, checked: step outputs and snapshots come back from the save as parsed text. */
export const jsonSchema: z.ZodType<Json> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(jsonSchema), z.record(z.string(), jsonSchema)]),
);

export const jsonObjectSchema = z.record(z.string(), jsonSchema);
export type JsonObject = z.infer<typeof jsonObjectSchema>;

// What JSON.parse returns is JSON by construction, so it is typed as such rather than walked again by jsonSchema (a
// recursive check over a whole npc state and transcript cost most of a boundary's synchronous time).
const parseJson: (text: string) => Json = JSON.parse;

/** A value as JSON (through a text round trip), so what a step sees is exactly what the save holds. */
export function toJson(value: unknown): Json {
  return parseJson(JSON.stringify(value ?? null));
}

export function toJsonObject(value: object): JsonObject {
  const json = toJson(value);
  if (!isJsonObject(json)) throw new Error('expected a JSON object');
  return json;
}

function isJsonObject(json: Json): json is { readonly [key: string]: Json } {
  return typeof json === 'object' && json !== null && !Array.isArray(json);
}
