import { stripCardChunks } from '../export/png-write.ts';
import { isCardJson, readCard, type CharacterCard } from './card.ts';
import { readCharx } from './charx.ts';
import type { CharxAssets } from './charx-assets.ts';
import { importError } from './errors.ts';
import { imageExtension } from './image-type.ts';
import { decodeBase64, decodeUtf8, isRecord, parseJson } from './json-text.ts';
import { IMPORT_LIMITS } from './limits.ts';
import { isLorebookJson, readLorebook, type ImportedLorebook } from './lorebook.ts';
import { isPng, pngTextChunks, readPngChunks } from './png-read.ts';
import { isZip } from './zip-read.ts';

export interface Portrait {
  readonly bytes: Uint8Array;
  readonly extension: string;
}

/** What an imported file holds, read and checked in memory: nothing is written yet. */
export type ImportSource =
  | {
      readonly kind: 'character';
      readonly format: string;
      readonly card: CharacterCard;
      readonly portrait: Portrait | null;
      /** A CHARX archive's assets, kept under assets/<character>/ (other formats carry none). */
      readonly assets?: (characterId: string) => CharxAssets;
    }
  | { readonly kind: 'lorebook'; readonly format: string; readonly lorebook: ImportedLorebook };

/** Reads a PNG card, a CHARX archive, or a JSON card or lorebook, by its content (not its name). */
export function readImportSource(bytes: Uint8Array, fileName: string): ImportSource {
  if (bytes.length > IMPORT_LIMITS.maxFileBytes)
    throw importError(`${fileName} is larger than ${IMPORT_LIMITS.maxFileBytes} bytes`);
  if (isPng(bytes)) return readPngCard(bytes, fileName);
  if (isZip(bytes)) return { kind: 'character', format: 'CHARX', ...readCharx(bytes, fileName) };
  const image = imageExtension(bytes);
  if (image !== null)
    throw importError(
      `${fileName} is a ${image.toUpperCase()} image: an unsupported format for character cards (cards come as PNG, CHARX or JSON)`,
    );
  const text = decodeUtf8(bytes, fileName);
  if (!text.trimStart().startsWith('{'))
    throw importError(`${fileName} is not a PNG card, a CHARX archive or a JSON card or lorebook`);
  const json = parseJson(text, fileName);
  if (isCardJson(json)) {
    const card = readCard(json, fileName);
    return { kind: 'character', format: `JSON card ${card.spec.toUpperCase()}`, card, portrait: null };
  }
  if (isLorebookJson(json)) {
    const lorebook = readLorebook(json, fileName);
    return { kind: 'lorebook', format: lorebook.format === 'worldinfo' ? 'World Info' : lorebook.format, lorebook };
  }
  throw importError(`${fileName} is neither a character card nor a lorebook`);
}

function readPngCard(bytes: Uint8Array, fileName: string): ImportSource {
  const texts = pngTextChunks(readPngChunks(bytes));
  // V3 readers must prefer ccv3 over chara when a card carries both (SPEC_V3).
  const keyword = texts.has('ccv3') ? 'ccv3' : texts.has('chara') ? 'chara' : null;
  const text = keyword === null ? undefined : texts.get(keyword);
  if (keyword === null || text === undefined)
    throw importError(`${fileName} is a PNG without a character card (no "chara" or "ccv3" text chunk)`);
  const what = `the "${keyword}" chunk of ${fileName}`;
  const json = parseJson(decodeUtf8(decodeBase64(text, what), what), what);
  if (!isRecord(json)) throw importError(`${what} does not hold a JSON object`);
  const card = readCard(json, fileName);
  return {
    kind: 'character',
    format: `PNG card ${card.spec.toUpperCase()}`,
    card,
    // The portrait is the image without the card text: a stale copy of the card must not ride along in the pack.
    portrait: { bytes: stripCardChunks(bytes), extension: 'png' },
  };
}
