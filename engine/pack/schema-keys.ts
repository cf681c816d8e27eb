import { z } from 'zod';
import type { DataPath } from './yaml-locate.ts';

/** The keys a schema allows at a data path, to suggest the right one for an unknown key. */
export function keysAt(schema: z.core.$ZodType, path: DataPath): readonly string[] {
  let current: z.core.$ZodType | null = unwrap(schema);
  for (const step of path) {
    if (current instanceof z.ZodObject) {
      const shape: Record<string, z.core.$ZodType> = current.shape;
      current = typeof step === 'string' && Object.hasOwn(shape, step) ? unwrap(shape[step] ?? null) : null;
    } else if (current instanceof z.ZodArray && typeof step === 'number') {
      current = unwrap(current.element);
    } else {
      return [];
    }
  }
  return current instanceof z.ZodObject ? Object.keys(current.shape) : [];
}

function unwrap(schema: z.core.$ZodType | null): z.core.$ZodType | null {
  let current = schema;
  while (current instanceof z.ZodDefault || current instanceof z.ZodOptional || current instanceof z.ZodNullable) {
    current = current.unwrap();
  }
  return current;
}
