import { readCard, type CharacterCard } from './card.ts';
import { charxAssets, type CharxAssets } from './charx-assets.ts';
import { importError } from './errors.ts';
import { imageExtension } from './image-type.ts';
import { decodeUtf8, isRecord, parseJson } from './json-text.ts';
import { readZip, type ZipArchive } from './zip-read.ts';

const EMBEDDED_PREFIXES = ['embeded://', 'embedded://'];

export interface CharxContent {
  readonly card: CharacterCard;
  readonly portrait: { readonly bytes: Uint8Array; readonly extension: string } | null;
  /** The archive's assets as the pack keeps them, once the character's id is known. */
  readonly assets: (characterId: string) => CharxAssets;
}

/** A CHARX archive (SPEC_V3): `card.json` at the root, the main icon among its embedded assets. */
export function readCharx(bytes: Uint8Array, fileName: string): CharxContent {
  const zip = readZip(bytes);
  const cardBytes = zip.read('card.json');
  if (cardBytes === null) throw importError(`${fileName} is a ZIP without card.json, so not a CHARX card`);
  const what = `card.json in ${fileName}`;
  const card = readCard(parseJson(decodeUtf8(cardBytes, what), what), fileName);
  return { card, portrait: mainIcon(zip, card), assets: (characterId) => charxAssets(zip, card, characterId) };
}

/** The asset of type icon named main (else the first icon), when it is embedded in the archive and an image. */
function mainIcon(zip: ZipArchive, card: CharacterCard): CharxContent['portrait'] {
  const assets = Array.isArray(card.data.assets) ? card.data.assets.filter(isRecord) : [];
  const icons = assets.filter((asset) => asset.type === 'icon');
  const icon = icons.find((asset) => asset.name === 'main') ?? icons[0];
  const uri = typeof icon?.uri === 'string' ? icon.uri : '';
  const prefix = EMBEDDED_PREFIXES.find((candidate) => uri.startsWith(candidate));
  if (prefix === undefined) return null;
  const path = uri.slice(prefix.length);
  if (!zip.entries.has(path)) throw importError(`the card's icon "${uri}" is not in the archive`);
  const bytes = zip.read(path);
  const extension = bytes === null ? null : imageExtension(bytes);
  return bytes === null || extension === null ? null : { bytes, extension };
}
