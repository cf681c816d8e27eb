import { PACK_FILES, PACK_FOLDERS } from '../pack-layout.ts';
import { PACK_LIMITS } from '../pack-tree.ts';
import { importError } from './errors.ts';
import type { FileWrite } from './file-write.ts';
import { yamlText } from './pack-skeleton.ts';
import { slugify } from './slug.ts';
import { appendToYamlList } from './yaml-list.ts';

const MIB = 1024 * 1024;
/** Room left under the cap, so a file an author later edits by hand does not tip over it at once. */
const SPLIT_BYTES = Math.floor(PACK_LIMITS.maxFileBytes * 0.9);

function bytesOf(content: string | Uint8Array): number {
  return typeof content === 'string' ? Buffer.byteLength(content, 'utf8') : content.length;
}

function mib(bytes: number): string {
  return `${(bytes / MIB).toFixed(1)} MiB`;
}

/**
 * Refuses, before anything is written, a text file the pack loader would refuse (it reads no file over
 * PACK_LIMITS.maxFileBytes): an import must never leave a pack that no longer loads.
 */
export function checkFileSizes(writes: readonly FileWrite[]): void {
  for (const write of writes) {
    const bytes = bytesOf(write.content);
    if (!/\.ya?ml$/iu.test(write.path) || bytes <= PACK_LIMITS.maxFileBytes) continue;
    throw importError(
      `${write.path} would be ${mib(bytes)}; pack files may be at most ${mib(PACK_LIMITS.maxFileBytes)}, so nothing ` +
        'was imported (shorten the largest text in the card and import it again)',
    );
  }
}

/**
 * The lore files an import writes: appended to lore.yaml while that stays under the cap, else split into new
 * `lore/<book>.yaml`, `lore/<book>-2.yaml` … files, each under it. `taken`: the pack's files, for free names.
 */
export function loreWrites(
  loreYaml: string | null,
  entries: readonly unknown[],
  book: string,
  taken: ReadonlySet<string>,
): FileWrite[] {
  if (entries.length === 0) return [];
  const appended = appendToYamlList(loreYaml, entries, PACK_FILES.lore);
  if (bytesOf(appended) <= SPLIT_BYTES) return [{ path: PACK_FILES.lore, content: appended }];
  const base = slugify(book, 'lore');
  const writes: FileWrite[] = [];
  let chunk: unknown[] = [];
  let size = 0;
  const flush = (): void => {
    if (chunk.length === 0) return;
    writes.push({ path: freeName(base, taken, writes), content: yamlText(chunk) });
    chunk = [];
    size = 0;
  };
  for (const entry of entries) {
    const entrySize = bytesOf(yamlText([entry]));
    if (entrySize > SPLIT_BYTES) {
      const key = typeof entry === 'object' && entry !== null && 'key' in entry ? String(entry.key) : '?';
      throw importError(
        `the lore entry "${key}" alone is ${mib(entrySize)}; pack files may be at most ${mib(PACK_LIMITS.maxFileBytes)}`,
      );
    }
    if (size + entrySize > SPLIT_BYTES) flush();
    chunk.push(entry);
    size += entrySize;
  }
  flush();
  return writes;
}

function freeName(base: string, taken: ReadonlySet<string>, planned: readonly FileWrite[]): string {
  for (let number = 1; ; number++) {
    const name = `${PACK_FOLDERS.lore}/${number === 1 ? base : `${base}-${number}`}.yaml`;
    if (!taken.has(name) && !planned.some((write) => write.path === name)) return name;
  }
}
