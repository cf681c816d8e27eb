import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { formatDiagnostic } from '../diagnostics.ts';
import { loadPack } from '../load-pack.ts';
import { PACK_FILES } from '../pack-layout.ts';
import { loreIdentity } from '../schema/lore.ts';
import { importError } from './errors.ts';
import type { LoreSignature } from './to-lore.ts';

/** What an import must know about its target pack. Read once, before anything is planned or written. */
export interface PackState {
  readonly dir: string;
  /** False when the import creates the pack (the folder is missing or empty). */
  readonly exists: boolean;
  /** Character and persona ids: they share one namespace. */
  readonly ids: ReadonlySet<string>;
  /** Every file of the pack, relative, forward slashes. */
  readonly files: ReadonlySet<string>;
  /** Every lore entry's id (or key and audience) and what it says, so an import neither reuses an id nor repeats one. */
  readonly lore: readonly LoreSignature[];
  /** The text of lore.yaml, null when there is none. */
  readonly loreYaml: string | null;
}

/** An existing pack must load cleanly: an import must not pile new content onto a pack that is already broken. */
export async function readPackState(dir: string, appVersion: string): Promise<PackState> {
  const entries = await listFolder(dir);
  const empty: PackState = {
    dir,
    exists: false,
    ids: new Set(),
    files: new Set(),
    lore: [],
    loreYaml: null,
  };
  if (entries === null || entries.length === 0) return empty;
  if (!entries.includes(PACK_FILES.story))
    throw importError(`${dir} is not a story pack (it has no ${PACK_FILES.story}) and is not empty`);
  const { pack, diagnostics } = await loadPack(dir, { appVersion });
  if (pack === null) {
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    const first = errors[0];
    const detail = first === undefined ? '' : `; first: ${formatDiagnostic(first)}`;
    throw importError(`the pack in ${dir} has ${errors.length} error(s); fix it first (storyloom validate)${detail}`);
  }
  const lorePath = path.join(dir, PACK_FILES.lore);
  return {
    dir,
    exists: true,
    ids: new Set([...pack.characters, ...pack.personas].map((item) => item.id)),
    files: new Set(await listFiles(dir)),
    lore: pack.lore.map((entry) => ({ identity: loreIdentity(entry), ...entry })),
    loreYaml: (await exists(lorePath)) ? await readFile(lorePath, 'utf8') : null,
  };
}

async function listFolder(dir: string): Promise<string[] | null> {
  try {
    if (!(await stat(dir)).isDirectory()) throw importError(`${dir} is a file, not a pack folder`);
    return await readdir(dir);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** The two folders an import writes into, enough to pick names that are free. */
async function listFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const folder of ['characters', 'images', 'lore']) {
    const names = await listFolder(path.join(dir, folder)).catch(() => null);
    for (const name of names ?? []) found.push(`${folder}/${name}`);
  }
  return found;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
