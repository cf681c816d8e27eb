import type { z } from 'zod';
import { characterSchema } from '../schema/characters.ts';
import { textField } from './card-fields.ts';
import {
  CARD_EXTENSION_KEY,
  CARD_ORIGINALS_KEY,
  MAPPED_CARD_FIELDS,
  mappedValue,
  roundTrips,
  textRestore,
  type TextRestore,
} from './card-mapping.ts';
import type { CharacterCard } from './card.ts';
import { importError } from './errors.ts';
import { isRecord } from './json-text.ts';

export type CharacterInput = z.input<typeof characterSchema>;

/**
 * The character file for a card. Only what the file has a place for is mapped; the card's other fields and its
 * extensions are kept whole, so exporting the character gives the card back.
 */
export function cardToCharacter(card: CharacterCard, id: string, location: string | null): CharacterInput {
  const where = 'the card';
  const name = textField(card.data, 'name', where);
  const kept: Record<string, unknown> = {};
  const originals: Record<string, string | TextRestore> = {};
  for (const [field, value] of Object.entries(card.data)) {
    if (field === 'extensions' || isMapped(field)) continue;
    kept[field] = value;
  }
  for (const field of MAPPED_CARD_FIELDS) {
    const text = textField(card.data, field, where);
    if (!(field in card.data) || roundTrips(field, text, name)) continue;
    // Whitespace alone (CRLF, a trailing space) is kept as a small recipe, not as a second copy of the text.
    const value = mappedValue(field, text, name);
    const restore = typeof value === 'string' && text.trim() !== '' ? textRestore(text, value) : null;
    originals[field] = restore ?? text;
  }
  const cardExtensions = isRecord(card.data.extensions) ? card.data.extensions : {};
  const nickname = textField(card.data, 'nickname', where).trim();
  const chattiness = chattinessOf(cardExtensions.talkativeness);
  const character: CharacterInput = {
    id,
    name: String(mappedValue('name', name, name)),
    ...(nickname !== '' && nickname !== name.trim() ? { aliases: [nickname] } : {}),
    description: String(mappedValue('description', textField(card.data, 'description', where), name)),
    personality: String(mappedValue('personality', textField(card.data, 'personality', where), name)),
    voice: { examples: [...mappedValue('mes_example', textField(card.data, 'mes_example', where), name)] },
    ...(chattiness === null ? {} : { chattiness }),
    ...(location === null ? {} : { location }),
    extensions: {
      ...cardExtensions,
      [CARD_EXTENSION_KEY]: kept,
      ...(Object.keys(originals).length > 0 ? { [CARD_ORIGINALS_KEY]: originals } : {}),
    },
  };
  const checked = characterSchema.safeParse(character);
  if (!checked.success) throw importError(`the card does not make a valid character: ${checked.error.message}`);
  return character;
}

function isMapped(field: string): boolean {
  return MAPPED_CARD_FIELDS.some((mapped) => mapped === field);
}

/** SillyTavern's talkativeness (0–1, often a string) is the same idea as chattiness (0–100). */
function chattinessOf(talkativeness: unknown): number | null {
  const value = typeof talkativeness === 'string' ? Number(talkativeness) : talkativeness;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) return null;
  return Math.round(value * 100);
}
