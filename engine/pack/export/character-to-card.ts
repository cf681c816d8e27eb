import type { Character } from '../schema/characters.ts';
import {
  CARD_EXTENSION_KEY,
  CARD_ORIGINALS_KEY,
  MAPPED_CARD_FIELDS,
  joinExamples,
  mappedValue,
  type MappedCardField,
} from '../import/card-mapping.ts';
import { isRecord } from '../import/json-text.ts';

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
export function characterToCards(character: Character): CardPair {
  const { [CARD_EXTENSION_KEY]: kept, [CARD_ORIGINALS_KEY]: originals, ...extensions } = character.extensions;
  const data: Record<string, unknown> = { ...V2_DEFAULTS, ...(isRecord(kept) ? kept : {}) };
  for (const field of MAPPED_CARD_FIELDS)
    data[field] = cardText(character, field, isRecord(originals) ? originals : {});
  data.extensions = extensions;
  const v2Data = Object.fromEntries(Object.entries(data).filter(([field]) => !V3_ONLY_FIELDS.has(field)));
  return {
    v2: { spec: 'chara_card_v2', spec_version: '2.0', data: v2Data },
    v3: { spec: 'chara_card_v3', spec_version: '3.0', data: { group_only_greetings: [], ...data } },
  };
}

function cardText(character: Character, field: MappedCardField, originals: Record<string, unknown>): string {
  const current = currentText(character, field);
  const original = originals[field];
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
