import { deflateSync } from 'node:zlib';
import { crc32Of } from '../import/crc32.ts';
import { PNG_SIGNATURE, readPngChunks, type PngChunk } from '../import/png-read.ts';

/** The text chunks that carry character cards. */
const CARD_KEYWORDS = new Set(['chara', 'ccv3']);

export function encodePng(chunks: readonly PngChunk[]): Uint8Array {
  const parts: Uint8Array[] = [PNG_SIGNATURE];
  for (const chunk of chunks) {
    const type = new TextEncoder().encode(chunk.type);
    const head = new Uint8Array(8);
    new DataView(head.buffer).setUint32(0, chunk.data.length);
    head.set(type, 4);
    const tail = new Uint8Array(4);
    new DataView(tail.buffer).setUint32(0, crc32Of(type, chunk.data));
    parts.push(head, chunk.data, tail);
  }
  return Buffer.concat(parts);
}

export function textChunk(keyword: string, text: string): PngChunk {
  return {
    type: 'tEXt',
    data: Buffer.concat([Buffer.from(keyword, 'latin1'), Uint8Array.of(0), Buffer.from(text, 'latin1')]),
  };
}

/** The PNG without its card chunks (every other chunk kept byte for byte). */
export function stripCardChunks(png: Uint8Array): Uint8Array {
  return encodePng(readPngChunks(png).filter((chunk) => !isCardChunk(chunk)));
}

/** The PNG with `texts` as tEXt chunks just before IEND, replacing any card chunks it had. */
export function withTextChunks(png: Uint8Array, texts: ReadonlyMap<string, string>): Uint8Array {
  const chunks = readPngChunks(png).filter((chunk) => !isCardChunk(chunk));
  const end = chunks.findIndex((chunk) => chunk.type === 'IEND');
  const added = [...texts].map(([keyword, text]) => textChunk(keyword, text));
  return encodePng([...chunks.slice(0, end), ...added, ...chunks.slice(end)]);
}

/** A plain square PNG of one colour, for a card whose pack has no portrait. */
export function plainPng(size: number, rgb: readonly [number, number, number]): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, size);
  view.setUint32(4, size);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit truecolour, deflate, no filter method variants, no interlace
  const row = new Uint8Array(1 + size * 3); // filter byte 0, then RGB triples
  for (let x = 0; x < size; x++) row.set(rgb, 1 + x * 3);
  const raw = new Uint8Array(row.length * size);
  for (let y = 0; y < size; y++) raw.set(row, y * row.length);
  return encodePng([
    { type: 'IHDR', data: header },
    { type: 'IDAT', data: deflateSync(raw) },
    { type: 'IEND', data: new Uint8Array(0) },
  ]);
}

function isCardChunk(chunk: PngChunk): boolean {
  if (chunk.type !== 'tEXt') return false;
  const separator = chunk.data.indexOf(0);
  return separator > 0 && CARD_KEYWORDS.has(Buffer.from(chunk.data.subarray(0, separator)).toString('latin1'));
}

/** An 8-bit RGBA PNG of the given pixels (row by row, 4 bytes a pixel), e.g. a decoded WebP portrait. */
export function rgbaPng(width: number, height: number, pixels: Uint8Array | Uint8ClampedArray): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, deflate, adaptive filtering, no interlace
  const stride = width * 4;
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  return encodePng([
    { type: 'IHDR', data: header },
    { type: 'IDAT', data: deflateSync(raw) },
    { type: 'IEND', data: new Uint8Array(0) },
  ]);
}
