import { createHash } from 'node:crypto';
import { isRecord } from './json-text.ts';

/**
 * How card fields map onto a Storyloom character, shared by import and export so the two stay each other's inverse.
 * Four fields have a place in the character file; every other card field is kept verbatim under
 * `extensions.storyloom_card`, and the card's own extensions sit beside it, untouched.
 */
export const CARD_EXTENSION_KEY = 'storyloom_card';
/** The exact card text of a mapped field when the character file cannot reproduce it (trimmed, or empty). */
export const CARD_ORIGINALS_KEY = 'storyloom_card_originals';

export const MAPPED_CARD_FIELDS = ['name', 'description', 'personality', 'mes_example'] as const;
export type MappedCardField = (typeof MAPPED_CARD_FIELDS)[number];

/** Example dialogues are blocks that each begin with `<START>`. */
const START_MARKER = /<START>/giu;

export function splitExamples(mesExample: string): string[] {
  return mesExample
    .split(START_MARKER)
    .map((block) => block.trim())
    .filter((block) => block !== '');
}

export function joinExamples(examples: readonly string[]): string {
  return examples.map((example) => `<START>\n${example}`).join('\n');
}

/** The character schema needs a description; a card may have none. */
export function descriptionFor(description: string, name: string): string {
  return description.trim() || `${name.trim()}, imported from a character card that had no description.`;
}

/** The character file's value for a mapped field (strings, or the example list). */
export function mappedValue(field: MappedCardField, text: string, name: string): string | readonly string[] {
  switch (field) {
    case 'name':
      return text.trim();
    case 'description':
      return descriptionFor(unixNewlines(text), name);
    case 'personality':
      return unixNewlines(text);
    case 'mes_example':
      return splitExamples(unixNewlines(text));
  }
}

/** True when the card text is recovered exactly from its mapped value, so it need not be kept twice. */
export function roundTrips(field: MappedCardField, text: string, name: string): boolean {
  const value = mappedValue(field, text, name);
  return (typeof value === 'string' ? value : joinExamples(value)) === text;
}

/**
 * How to get a card's exact text back from the character file's value when only its whitespace differs: the blank
 * space trimmed from either end, and whether its line breaks were CRLF. A card's long description is then kept once
 * (in the character file) and not again, whole, among the originals.
 */
export interface TextRestore {
  readonly lead: string;
  readonly trail: string;
  readonly crlf: boolean;
  /** A digest of the value it applies to: once the value is edited, the edit is exported as it is. */
  readonly of: string;
}

export function restoreText(value: string, restore: Omit<TextRestore, 'of'>): string {
  return `${restore.lead}${restore.crlf ? value.replace(/\n/gu, '\r\n') : value}${restore.trail}`;
}

/** The text to export for `value`: the card's exact text when the value is the one imported, else the value. */
export function restoredText(value: string, restore: TextRestore): string {
  return digest(value) === restore.of ? restoreText(value, restore) : value;
}

/** The smallest record that gives `text` back from `value`, or null when whitespace alone does not explain it. */
export function textRestore(text: string, value: string): TextRestore | null {
  const crlf = text.includes('\r\n');
  const lead = /^\s*/u.exec(text)?.[0] ?? '';
  const trail = text.length > lead.length ? (/\s*$/u.exec(text)?.[0] ?? '') : '';
  for (const candidate of [
    { lead, trail, crlf },
    { lead: '', trail: '', crlf },
  ])
    if (restoreText(value, candidate) === text) return { ...candidate, of: digest(value) };
  return null;
}

export function isTextRestore(value: unknown): value is TextRestore {
  if (!isRecord(value)) return false;
  const { lead, trail, crlf, of } = value;
  return typeof lead === 'string' && typeof trail === 'string' && typeof crlf === 'boolean' && typeof of === 'string';
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** Cards made on Windows carry CRLF, which YAML can only write as escaped one-line strings; LF keeps files readable. */
function unixNewlines(text: string): string {
  return text.replace(/\r\n?/gu, '\n');
}
