import { crc32Of } from './crc32.ts';
import { importError } from './errors.ts';
import { IMPORT_LIMITS } from './limits.ts';

export const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

export interface PngChunk {
  readonly type: string;
  readonly data: Uint8Array;
}

export function isPng(bytes: Uint8Array): boolean {
  return PNG_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

/**
 * Every chunk of a PNG, up to IEND, each CRC checked. A file cut short (no IEND, a chunk running past the end) is
 * refused: a half-downloaded card must not import half a character.
 */
export function readPngChunks(bytes: Uint8Array): PngChunk[] {
  if (!isPng(bytes)) throw importError('not a PNG file (the PNG signature is missing)');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: PngChunk[] = [];
  let offset = PNG_SIGNATURE.length;
  for (;;) {
    if (chunks.length >= IMPORT_LIMITS.maxPngChunks)
      throw importError(`the PNG has more than ${IMPORT_LIMITS.maxPngChunks} chunks`);
    if (offset + 12 > bytes.length) throw importError('the PNG is truncated (it ends before its IEND chunk)');
    const length = view.getUint32(offset);
    const typeBytes = bytes.subarray(offset + 4, offset + 8);
    const type = String.fromCharCode(...typeBytes);
    if (!/^[A-Za-z]{4}$/u.test(type)) throw importError(`the PNG is damaged (bad chunk type at byte ${offset + 4})`);
    const end = offset + 12 + length;
    if (end > bytes.length) throw importError(`the PNG is truncated (its ${type} chunk runs past the end of the file)`);
    if (isTextChunk(type) && length > IMPORT_LIMITS.maxTextChunkBytes)
      throw importError(`the PNG's ${type} chunk is ${length} bytes; the limit is ${IMPORT_LIMITS.maxTextChunkBytes}`);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (crc32Of(typeBytes, data) !== view.getUint32(offset + 8 + length))
      throw importError(`the PNG is damaged (the CRC of its ${type} chunk does not match)`);
    chunks.push({ type, data });
    if (type === 'IEND') return chunks;
    offset = end;
  }
}

function isTextChunk(type: string): boolean {
  return type === 'tEXt' || type === 'zTXt' || type === 'iTXt';
}

/** The tEXt chunks by keyword (Latin-1, as PNG defines them). The first chunk of a keyword wins. */
export function pngTextChunks(chunks: readonly PngChunk[]): Map<string, string> {
  const texts = new Map<string, string>();
  for (const chunk of chunks) {
    if (chunk.type !== 'tEXt') continue;
    const separator = chunk.data.indexOf(0);
    if (separator < 1) continue;
    const keyword = latin1(chunk.data.subarray(0, separator));
    if (!texts.has(keyword)) texts.set(keyword, latin1(chunk.data.subarray(separator + 1)));
  }
  return texts;
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}
