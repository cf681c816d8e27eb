/** The file extension of an image from its first bytes, or null when it is no image a pack can show. */
export function imageExtension(bytes: Uint8Array): 'png' | 'jpg' | 'webp' | 'gif' | 'avif' | null {
  const ascii = (from: number, to: number): string => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0x89 && ascii(1, 4) === 'PNG') return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(0, 4) === 'GIF8') return 'gif';
  // ISO-BMFF: a `ftyp` box whose brand is AVIF (image or sequence).
  if (ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12))) return 'avif';
  return null;
}
