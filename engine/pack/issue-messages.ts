import type { z } from 'zod';
import type { DataPath } from './yaml-locate.ts';

type Issue = z.core.$ZodIssue;

/** `states[1].level`: the data path the way a writer reads the file. */
export function formatPath(path: DataPath): string {
  return path
    .map((step, index) => (typeof step === 'number' ? `[${step}]` : `${index === 0 ? '' : '.'}${String(step)}`))
    .join('');
}

/** Whether the issue is about a key that is absent (so it points at the map that lacks it). */
export function isMissingKey(issue: Issue, data: unknown): boolean {
  if (issue.code !== 'invalid_type' || issue.path.length === 0) return false;
  const parent = valueAt(data, issue.path.slice(0, -1));
  const key = issue.path.at(-1);
  return (
    typeof parent === 'object' &&
    parent !== null &&
    !Array.isArray(parent) &&
    typeof key === 'string' &&
    !(key in parent)
  );
}

/** A message that names the offending path and what was found, in the writer's terms rather than zod's. */
export function describeIssue(issue: Issue, data: unknown, written?: string): string {
  const label = formatPath(issue.path);
  if (isMissingKey(issue, data)) {
    const parent = formatPath(issue.path.slice(0, -1));
    return `${parent ? `${parent}: ` : ''}missing required key "${String(issue.path.at(-1))}"`;
  }
  const detail = describeDetail(issue, valueAt(data, issue.path), written);
  return label ? `${label}: ${detail}` : detail;
}

/** `written` is the value as the file spells it (`1.0`, which YAML reads as the number 1). */
function describeDetail(issue: Issue, value: unknown, written: string | undefined): string {
  switch (issue.code) {
    case 'invalid_type': {
      const quoteHint = issue.expected === 'string' && (typeof value === 'number' || typeof value === 'boolean');
      const got = written !== undefined && typeof value !== 'string' ? written : describeValue(value);
      return `expected ${EXPECTED[issue.expected] ?? issue.expected}, got ${got}${quoteHint ? ' (put it in quotes to make it text)' : ''}`;
    }
    case 'too_big':
      return `${bound(issue.origin, 'most', issue.maximum, issue.inclusive)}, got ${describeSize(issue.origin, value)}`;
    case 'too_small':
      if (issue.origin === 'string' && issue.minimum === 1) return 'must not be empty';
      if (issue.origin === 'array' && issue.minimum === 1) return 'must list at least one item';
      return `${bound(issue.origin, 'least', issue.minimum, issue.inclusive)}, got ${describeSize(issue.origin, value)}`;
    case 'invalid_value':
      return `must be ${issue.values.map((option) => JSON.stringify(option)).join(' or ')}, got ${describeValue(value)}`;
    default:
      // Formats, refinements and literals carry the messages written into the schemas.
      return issue.message;
  }
}

const EXPECTED: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a map of keys and values',
};

function bound(origin: string, side: 'most' | 'least', limit: number | bigint, inclusive: boolean | undefined): string {
  const exclusive = inclusive === false;
  if (origin === 'array' || origin === 'set') return `must have at ${side} ${limit} item${limit === 1 ? '' : 's'}`;
  if (origin === 'string') return `must be at ${side} ${limit} characters long`;
  if (exclusive) return `must be ${side === 'most' ? 'below' : 'above'} ${limit}`;
  return `must be at ${side} ${limit}`;
}

function describeSize(origin: string, value: unknown): string {
  if (Array.isArray(value)) return `${value.length}`;
  if (origin === 'string' && typeof value === 'string') return `${value.length}`;
  return describeValue(value);
}

export function describeValue(value: unknown): string {
  if (value === undefined || value === null) return 'nothing';
  if (typeof value === 'string')
    return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map';
  return String(value);
}

export function valueAt(data: unknown, path: DataPath): unknown {
  let current = data;
  for (const step of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = Reflect.get(current, step);
  }
  return current;
}
