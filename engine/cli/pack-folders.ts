import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { FileRoots } from '../platform/index.ts';

/**
 * The pack folders `storyloom play <folder>` has played, by pack id, kept in the user-data folder: a save played from
 * a folder names only its pack id, so `inspect` finds the pack here when it is not installed.
 */
const FILE = 'pack-folders.json';
const foldersSchema = z.record(z.string(), z.string());

function fileOf(roots: Pick<FileRoots, 'home'>): string {
  return path.join(roots.home, FILE);
}

/** The remembered folders; none when the file is missing or unreadable (it is only a hint). */
export async function packFolders(roots: Pick<FileRoots, 'home'>): Promise<{ readonly [packId: string]: string }> {
  const text = await readFile(fileOf(roots), 'utf8').catch(() => null);
  if (text === null) return {};
  try {
    const parsed = foldersSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Remembers the folder a pack was last played from (written whole, then renamed: never half a file). */
export async function rememberPackFolder(
  roots: Pick<FileRoots, 'home'>,
  packId: string,
  folder: string,
): Promise<void> {
  const known = await packFolders(roots);
  if (known[packId] === folder) return;
  await mkdir(roots.home, { recursive: true });
  const file = fileOf(roots);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify({ ...known, [packId]: folder }, null, 2)}\n`);
  await rename(temporary, file);
}
