import { recordField, textField, textListField } from './card-fields.ts';
import { importError } from './errors.ts';
import { isRecord } from './json-text.ts';

export type CardSpec = 'v1' | 'v2' | 'v3';

/** A character card of any version, with its data object exactly as found (for V1, the card itself). */
export interface CharacterCard {
  readonly spec: CardSpec;
  readonly data: Readonly<Record<string, unknown>>;
}

/** Fields every version may carry as text; they are type-checked up front so a bad card fails before any write. */
const TEXT_FIELDS = [
  'name',
  'description',
  'personality',
  'scenario',
  'first_mes',
  'mes_example',
  'creator_notes',
  'system_prompt',
  'post_history_instructions',
  'creator',
  'character_version',
] as const;
const LIST_FIELDS = ['alternate_greetings', 'tags', 'group_only_greetings'] as const;

export function isCardJson(json: unknown): boolean {
  if (!isRecord(json)) return false;
  if (json.spec === 'chara_card_v2' || json.spec === 'chara_card_v3') return true;
  // V1 had no marker: a name and at least one of the fields only a character has.
  return typeof json.name === 'string' && ('first_mes' in json || 'personality' in json || 'mes_example' in json);
}

/** Reads a V1, V2 or V3 card from its parsed JSON, checking the type of every field the importer uses. */
export function readCard(json: unknown, source: string): CharacterCard {
  if (!isRecord(json)) throw importError(`${source} does not hold a character card (expected a JSON object)`);
  const card = cardOf(json, source);
  const where = card.spec === 'v1' ? 'the card' : 'the card data';
  for (const field of TEXT_FIELDS) textField(card.data, field, where);
  for (const field of LIST_FIELDS) textListField(card.data, field, where);
  recordField(card.data, 'extensions', where);
  recordField(card.data, 'character_book', where);
  if (textField(card.data, 'name', where).trim() === '') throw importError(`${source}: the card has no name`);
  return card;
}

function cardOf(json: Record<string, unknown>, source: string): CharacterCard {
  if (json.spec === 'chara_card_v2' || json.spec === 'chara_card_v3') {
    if (!isRecord(json.data)) throw importError(`${source}: the ${String(json.spec)} card has no data object`);
    return { spec: json.spec === 'chara_card_v2' ? 'v2' : 'v3', data: json.data };
  }
  if (typeof json.spec === 'string') throw importError(`${source}: unknown card spec "${json.spec}"`);
  if (!isCardJson(json)) throw importError(`${source} is not a character card (no spec, and no V1 card fields)`);
  return { spec: 'v1', data: v1Data(json) };
}

/** The six fields V1 defined; the rest of a V1 card is its app's own data. */
const V1_FIELDS = new Set(['name', 'description', 'personality', 'scenario', 'first_mes', 'mes_example']);

/**
 * A V1 card as V2 data: its fields, and everything else at its top level (TavernAI's `avatar`, `chat`, `create_date`,
 * `last_mes` …) under `extensions`, where V2 keeps app data, rather than as unknown card fields.
 */
function v1Data(json: Record<string, unknown>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const extensions: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(json)) {
    if (V1_FIELDS.has(field)) data[field] = value;
    else extensions[field] = value;
  }
  return { ...data, extensions };
}
