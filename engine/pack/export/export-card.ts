import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { importError } from '../import/errors.ts';
import { imageExtension } from '../import/image-type.ts';
import { isPng } from '../import/png-read.ts';
import { webpToPng } from './webp-to-png.ts';
import { loadPack } from '../load-pack.ts';
import type { Character } from '../schema/characters.ts';
import { characterToCards, type CardExportOptions } from './character-to-card.ts';
import { plainPng, withTextChunks } from './png-write.ts';

/** The portrait an import writes, by the character's id. Only a PNG can carry the card chunks. */
export function portraitPath(packDir: string, characterId: string): string {
  return path.join(packDir, 'images', `${characterId}.png`);
}

/** The size and colour of the card image for a character without a portrait: a quiet grey square. */
const PLAIN_SIZE = 256;
const PLAIN_GREY = [0x6b, 0x6f, 0x76] as const;

/** A V2 + V3 PNG card (both `chara` and `ccv3` chunks) of one character of a pack. */
export async function exportCharacterCard(
  packDir: string,
  characterId: string,
  appVersion: string,
  options: CardExportOptions = {},
): Promise<Uint8Array> {
  const { pack, diagnostics } = await loadPack(packDir, { appVersion });
  if (pack === null) {
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
    throw importError(`the pack in ${packDir} has ${errors} error(s); fix it first (storyloom validate)`);
  }
  const character = pack.characters.find((candidate) => candidate.id === characterId);
  if (character === undefined) {
    const known = pack.characters.map((candidate) => candidate.id).join(', ');
    throw importError(`the pack has no character "${characterId}" (it has: ${known || 'none'})`);
  }
  return cardPng(character, await readPortrait(packDir, characterId), options);
}

/** The card PNG for a character, on its portrait or on a plain image. Pure. */
export function cardPng(
  character: Character,
  portrait: Uint8Array | null,
  options: CardExportOptions = {},
): Uint8Array {
  const { v2, v3 } = characterToCards(character, options);
  const encode = (card: unknown): string => Buffer.from(JSON.stringify(card), 'utf8').toString('base64');
  const texts = new Map([
    ['chara', encode(v2)],
    ['ccv3', encode(v3)],
  ]);
  return withTextChunks(portrait ?? plainPng(PLAIN_SIZE, PLAIN_GREY), texts);
}

/** The character's portrait as a PNG: `images/<id>.png`, else `images/<id>.webp` converted; null when it has none. */
async function readPortrait(packDir: string, characterId: string): Promise<Uint8Array | null> {
  const png = await readFile(portraitPath(packDir, characterId)).catch(() => null);
  if (png !== null && isPng(png)) return png;
  const webp = await readFile(path.join(packDir, 'images', `${characterId}.webp`)).catch(() => null);
  return webp !== null && imageExtension(webp) === 'webp' ? webpToPng(webp) : null;
}
