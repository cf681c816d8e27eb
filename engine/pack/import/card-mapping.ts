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

/** Cards made on Windows carry CRLF, which YAML can only write as escaped one-line strings; LF keeps files readable. */
function unixNewlines(text: string): string {
  return text.replace(/\r\n?/gu, '\n');
}
