import { readFile } from 'node:fs/promises';
import { startOf, type DiagnosticSink } from './diagnostics.ts';
import { PACK_LIMITS, type PackTree } from './pack-tree.ts';
import { errorMessage } from '../api/index.ts';

const MIB = 1024 * 1024;

/**
 * The text of a pack file, or null (reported) when it is too large, unreadable or not UTF-8. A file over the cap is
 * refused from its size alone, never read. Returns null without a report when the file does not exist.
 */
export async function readPackText(tree: PackTree, file: string, sink: DiagnosticSink): Promise<string | null> {
  const entry = tree.files.get(file);
  if (entry === undefined) return null;
  if (entry.size > PACK_LIMITS.maxFileBytes) {
    const size = (entry.size / MIB).toFixed(1);
    sink.error(
      startOf(file),
      `the file is ${size} MiB; pack files may be at most ${PACK_LIMITS.maxFileBytes / MIB} MiB`,
    );
    return null;
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(entry.absolute);
  } catch (error) {
    sink.error(startOf(file), `cannot read the file: ${errorMessage(error)}`);
    return null;
  }
  try {
    // `fatal` turns stray Latin-1 or binary bytes into one clear diagnostic instead of silent U+FFFD garbage.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    sink.error(startOf(file), 'the file is not UTF-8 text');
    return null;
  }
}
