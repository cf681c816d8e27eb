import path from 'node:path';
import type { ImportOptions, ImportSummary } from '../engine/pack/index.ts';
import type { ImportReport } from './shell-api.ts';

/** The file kinds the engine's import reads (character cards and lorebooks), for the open dialog's filter. */
export const IMPORT_FILTERS = [
  { name: 'Character cards and lorebooks', extensions: ['png', 'charx', 'json'] },
] as const;
export const GGUF_FILTERS = [{ name: 'GGUF models', extensions: ['gguf'] }] as const;

/** A folder name from the file's name: lower-case letters, digits and dashes. */
export function packFolderName(fileName: string): string {
  const stem = path.basename(fileName).replace(/\.[^.]*$/u, '');
  const slug = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, '-')
    .replace(/^-+|-+$/gu, '')
    .slice(0, 60);
  return slug === '' ? 'imported' : slug;
}

/** A new pack folder under the user stories folder that does not exist yet: `name`, `name-2`, `name-3`, … */
export function importTargetDir(userStories: string, fileName: string, exists: (dir: string) => boolean): string {
  const base = packFolderName(fileName);
  for (let n = 1; ; n += 1) {
    const candidate = path.join(userStories, n === 1 ? base : `${base}-${n}`);
    if (!exists(candidate)) return candidate;
  }
}

export interface ImportDeps {
  readonly userStories: string;
  readonly appVersion: string;
  readonly exists: (dir: string) => boolean;
  readonly importFile: (file: string, options: ImportOptions) => Promise<ImportSummary>;
}

/** Imports one file into a new pack in the user stories folder; throws the engine's clear error (nothing written). */
export async function importIntoNewPack(file: string, deps: ImportDeps): Promise<ImportReport> {
  const into = importTargetDir(deps.userStories, file, deps.exists);
  const summary = await deps.importFile(file, { into, appVersion: deps.appVersion });
  return {
    packDir: summary.packDir,
    createdPack: summary.createdPack,
    format: summary.format,
    character: summary.character?.name ?? null,
    loreEntries: summary.lore.length,
    notes: [...summary.skipped.map((item) => `skipped: ${item}`), ...summary.notes],
  };
}

/** One line for the message box after a menu import. */
export function describeImportReport(report: ImportReport): string {
  const what = report.character === null ? `${report.loreEntries} lore entries` : `the character ${report.character}`;
  return `Imported ${what} from a ${report.format} into ${report.packDir}.`;
}
