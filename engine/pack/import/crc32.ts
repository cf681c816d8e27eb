/** CRC-32 (IEEE 802.3, as PNG chunks and ZIP entries use it). */
const TABLE = buildTable();

function buildTable(): Uint32Array {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

export function crc32(bytes: Uint8Array, start = 0xffffffff): number {
  let crc = start;
  for (const byte of bytes) crc = (TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** The CRC of several pieces, as if they were one (a PNG chunk's CRC covers its type and its data). */
export function crc32Of(...pieces: readonly Uint8Array[]): number {
  const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
  const joined = new Uint8Array(total);
  let offset = 0;
  for (const piece of pieces) {
    joined.set(piece, offset);
    offset += piece.length;
  }
  return crc32(joined);
}
