import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileWrite } from './file-write.ts';

interface Undo {
  readonly file: string;
  /** The content before, or null when the file is new. */
  readonly before: Buffer | null;
}

/**
 * Writes every file or, if one fails (a full disk, a permission), puts back what was there: an import never leaves a
 * pack half-changed. Each file goes through a temporary name and a rename, so no reader ever sees half a file.
 */
export async function applyWrites(dir: string, writes: readonly FileWrite[]): Promise<void> {
  const undo: Undo[] = [];
  const createdFolders: string[] = [];
  try {
    for (const write of writes) {
      const file = path.join(dir, write.path);
      const created = await mkdir(path.dirname(file), { recursive: true });
      if (created !== undefined) createdFolders.push(created);
      undo.push({ file, before: await readFile(file).catch(() => null) });
      const temporary = `${file}.importing`;
      await writeFile(temporary, write.content);
      await rename(temporary, file);
    }
  } catch (error) {
    await rollBack(undo, createdFolders);
    throw error;
  }
}

async function rollBack(undo: readonly Undo[], createdFolders: readonly string[]): Promise<void> {
  for (const { file, before } of [...undo].reverse()) {
    await rm(`${file}.importing`, { force: true }).catch(() => undefined);
    if (before === null) await rm(file, { force: true }).catch(() => undefined);
    else await writeFile(file, before).catch(() => undefined);
  }
  for (const folder of [...createdFolders].reverse())
    await rm(folder, { recursive: true, force: true }).catch(() => undefined);
}
