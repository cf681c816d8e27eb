import { importError } from './errors.ts';
import { isRecord } from './json-text.ts';

/** Typed reads of a card's loosely typed fields: missing means empty, a wrong type is a clear error. */
export function textField(data: Readonly<Record<string, unknown>>, field: string, where: string): string {
  const value = data[field];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw importError(`${where}.${field} must be text, not ${describe(value)}`);
  return value;
}

export function textListField(data: Readonly<Record<string, unknown>>, field: string, where: string): string[] {
  const value = data[field];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
    throw importError(`${where}.${field} must be a list of text`);
  return value.filter((item): item is string => typeof item === 'string');
}

export function recordField(
  data: Readonly<Record<string, unknown>>,
  field: string,
  where: string,
): Record<string, unknown> {
  const value = data[field];
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) throw importError(`${where}.${field} must be an object`);
  return value;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
