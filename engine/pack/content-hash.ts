import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { compareText } from './diagnostics.ts';
import { PACK_LIMITS, type PackEntry, type PackTree } from './pack-tree.ts';

/** Text files whose line endings are normalised, so a checkout with CRLF hashes like one with LF. */
const TEXT_FILE = /\.(ya?ml|hbs|md|txt|json)$/iu;

/**
 * SHA-256 (hex) over every file of the pack: for each, in path order, its path and the SHA-256 of its content. Stable
 * across machines: paths use forward slashes and Unicode NFC (macOS stores NFD), order is by code unit, not locale,
 * text line endings are normalised, and no timestamps or permissions enter. A save records it to notice an edited pack.
 */
export async function contentHash(tree: PackTree): Promise<string> {
  const entries = [...tree.files.values()]
    .map((entry) => ({ entry, name: entry.path.normalize('NFC') }))
    .sort((a, b) => compareText(a.name, b.name));
  const pack = createHash('sha256');
  for (const { entry, name } of entries) pack.update(`${name}\u0000${await hashFile(entry)}\n`);
  return pack.digest('hex');
}

async function hashFile(entry: PackEntry): Promise<string> {
  const hash = createHash('sha256');
  if (TEXT_FILE.test(entry.path) && entry.size <= PACK_LIMITS.maxFileBytes) {
    // latin1 maps each byte to one character and back, so only the CR LF pairs change, whatever the encoding.
    hash.update((await readFile(entry.absolute)).toString('latin1').replaceAll('\r\n', '\n'), 'latin1');
    return hash.digest('hex');
  }
  // Images can be large: stream them rather than hold them in memory.
  const stream = createReadStream(entry.absolute);
  stream.on('data', (chunk) => hash.update(chunk));
  await once(stream, 'end');
  return hash.digest('hex');
}
