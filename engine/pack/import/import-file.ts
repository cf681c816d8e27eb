import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { applyWrites } from './apply-writes.ts';
import { importError } from './errors.ts';
import { readImportSource } from './import-source.ts';
import { IMPORT_LIMITS } from './limits.ts';
import { readPackState } from './pack-state.ts';
import { planImport, type ImportAs, type ImportSummary } from './plan-import.ts';

export interface ImportOptions {
  /** The pack folder: an existing pack, or a missing or empty folder for a new one. */
  readonly into: string;
  /** Force the reading: `lore` takes only a card's character_book. Null: by the file's content. */
  readonly as?: ImportAs | null;
  readonly appVersion: string;
  /** The title of a pack this import creates (default: the character's name). */
  readonly newPackTitle?: string;
}

/**
 * Imports a character card (PNG, CHARX, JSON; V1–V3) or a lorebook (World Info, lorebook_v3) into a pack. The file is
 * read and checked, and every output built, before the first write; any problem throws a clear error and writes
 * nothing.
 */
export async function importFile(file: string, options: ImportOptions): Promise<ImportSummary> {
  const bytes = await readBounded(file);
  const source = readImportSource(bytes, path.basename(file));
  const dir = path.resolve(options.into);
  const pack = await readPackState(dir, options.appVersion);
  const plan = planImport(source, pack, {
    as: options.as ?? null,
    appVersion: options.appVersion,
    fingerprint: bytes,
    newPackTitle: options.newPackTitle,
  });
  await applyWrites(dir, plan.writes);
  return plan.summary;
}

async function readBounded(file: string): Promise<Uint8Array> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch {
    throw importError(`cannot read ${file}: no such file`);
  }
  if (size > IMPORT_LIMITS.maxFileBytes)
    throw importError(`${file} is larger than ${IMPORT_LIMITS.maxFileBytes} bytes`);
  return readFile(file);
}
