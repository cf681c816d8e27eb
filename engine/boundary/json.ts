import { z } from 'zod';
import type { Json } from './contract.ts';

/** A plain JSON value, checked: step outputs and snapshots come back from the save as parsed text. */
export const jsonSchema: z.ZodType<Json> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(jsonSchema), z.record(z.string(), jsonSchema)]),
);

export const jsonObjectSchema = z.record(z.string(), jsonSchema);
export type JsonObject = z.infer<typeof jsonObjectSchema>;

/** A value as JSON (through a text round trip), so what a step sees is exactly what the save holds. */
export function toJson(value: unknown): Json {
  return jsonSchema.parse(JSON.parse(JSON.stringify(value ?? null)));
}

export function toJsonObject(value: object): JsonObject {
  return jsonObjectSchema.parse(toJson(value));
}
