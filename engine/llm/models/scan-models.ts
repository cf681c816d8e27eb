import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { LocalModelInfo } from '../../api/index.ts';
import { describeModelFile } from './describe-model.ts';

/** Models sit in the folder itself or one or two levels down (e.g. a folder per model family). */
const MAX_DEPTH = 3;

/**
 * Finds the .gguf files in the given folders (in folder order, then by path) and reads their metadata.
 * Missing folders are skipped; unreadable files are reported with `error`, never thrown.
 */
export async function scanModels(folders: readonly string[]): Promise<LocalModelInfo[]> {
  const seen = new Set<string>();
  const paths: string[] = [];
  for (const folder of folders) {
    const found = await findGgufFiles(resolve(folder), 1);
    for (const path of found.sort()) {
      if (seen.has(path)) continue;
      seen.add(path);
      paths.push(path);
    }
  }
  return Promise.all(paths.map(describeModelFile));
}

async function findGgufFiles(folder: string, depth: number): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return []; // a configured folder that does not exist yet is not an error
  }
  const found: string[] = [];
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory() && depth < MAX_DEPTH && !entry.name.startsWith('.')) {
      found.push(...(await findGgufFiles(path, depth + 1)));
    } else if ((entry.isFile() || entry.isSymbolicLink()) && entry.name.toLowerCase().endsWith('.gguf')) {
      found.push(path); // partial downloads end in .gguf.ipull and are skipped
    }
  }
  return found;
}
