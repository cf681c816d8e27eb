import type { Character } from '../schema/characters.ts';
import {
  CARD_EXTENSION_KEY,
  CARD_ORIGINALS_KEY,
  MAPPED_CARD_FIELDS,
  isTextRestore,
  joinExamples,
  mappedValue,
  restoredText,
  type MappedCardField,
} from '../import/card-mapping.ts';
import { isRecord } from '../import/json-text.ts';
import { bookFor } from './card-book.ts';

/** Added to the V2 copy's creator_notes (SPEC_V3: the backfill SHOULD say it is one). */
export const BACKFILL_NOTE =
  'This is the Character Card V2 copy of a V3 card (exported by Storyloom); a V3 reader gets the whole card.';

export interface CardExportOptions {
  /** Unix seconds: the V3 card's modification_date (SPEC_V3: updated on every export). Absent: kept as it was. */
  readonly modifiedAt?: number;
}

/** The card data fields V3 added; a V2 card leaves them out. */
const V3_ONLY_FIELDS = new Set([
  'nickname',
  'creator_notes_multilingual',
  'source',
  'group_only_greetings',
  'creation_date',
  'modification_date',
  'assets',
]);

/** Every field a V2 card must have, with its empty value. */
const V2_DEFAULTS = {
  name: '',
  description: '',
  personality: '',
  scenario: '',
  first_mes: '',
  mes_example: '',
  creator_notes: '',
  system_prompt: '',
  post_history_instructions: '',
  alternate_greetings: [],
  tags: [],
  creator: '',
  character_version: '',
  extensions: {},
} satisfies Record<string, unknown>;

export interface CardPair {
  readonly v2: { readonly spec: 'chara_card_v2'; readonly spec_version: '2.0'; readonly data: Record<string, unknown> };
  readonly v3: { readonly spec: 'chara_card_v3'; readonly spec_version: '3.0'; readonly data: Record<string, unknown> };
}

/**
 * The V2 and V3 cards of a character: the card fields kept at import come back verbatim, and the fields the character
 * file holds come from it (so edits made in the pack show), in the card's exact original text when unedited.
 */
export function characterToCards(character: Character, options: CardExportOptions = {}): CardPair {
  const { [CARD_EXTENSION_KEY]: kept, [CARD_ORIGINALS_KEY]: originals, ...extensions } = character.extensions;
  const data: Record<string, unknown> = { ...V2_DEFAULTS, ...(isRecord(kept) ? kept : {}) };
  for (const field of MAPPED_CARD_FIELDS)
    data[field] = cardText(character, field, isRecord(originals) ? originals : {});
  data.extensions = extensions;
  const { character_book: book, ...rest } = data;
  const v2Data = Object.fromEntries(Object.entries(rest).filter(([field]) => !V3_ONLY_FIELDS.has(field)));
  const notes = typeof v2Data.creator_notes === 'string' ? v2Data.creator_notes : '';
  const v2Book = bookFor('v2', book);
  const v3Book = bookFor('v3', book);
  return {
    v2: {
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: {
        ...v2Data,
        creator_notes: notes.includes(BACKFILL_NOTE) ? notes : [notes, BACKFILL_NOTE].filter(Boolean).join('\n\n'),
        ...(v2Book === undefined ? {} : { character_book: v2Book }),
      },
    },
    v3: {
      spec: 'chara_card_v3',
      spec_version: '3.0',
      data: {
        group_only_greetings: [],
        ...rest,
        ...(v3Book === undefined ? {} : { character_book: v3Book }),
        ...(options.modifiedAt === undefined ? {} : { modification_date: options.modifiedAt }),
      },
    },
  };
}

function cardText(character: Character, field: MappedCardField, originals: Record<string, unknown>): string {
  const current = currentText(character, field);
  const original = originals[field];
  // Kept as whitespace to put back: the text as the card had it, edits included.
  if (isTextRestore(original)) return restoredText(current, original);
  if (typeof original !== 'string') return current;
  const mapped = mappedValue(field, original, typeof originals.name === 'string' ? originals.name : character.name);
  const unedited = typeof mapped === 'string' ? mapped === current : joinExamples(mapped) === current;
  return unedited ? original : current;
}

function currentText(character: Character, field: MappedCardField): string {
  switch (field) {
    case 'name':
      return character.name;
    case 'description':
      return character.description;
    case 'personality':
      return character.personality;
    case 'mes_example':
      return joinExamples(character.voice.examples);
  }
}
