import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { STORIES_DIR } from './packs.ts';

/** A file of the variant: new text, or a rewrite of Lantern Quay's own text. */
export type VariantEdit = string | ((original: string) => string);

export interface LanternVariant {
  /** A stories folder holding only the variant, as `lantern-quay` (for startPlay's storiesDir). */
  readonly storiesDir: string;
  /** The variant pack's own folder (for loadPack and `validate`). */
  readonly packDir: string;
  cleanup(): Promise<void>;
}

/**
 * Lantern Quay copied to a throwaway folder with some files changed: the cases are each told as a variant of
 * the built-in story (the persona starting on the quay, Ambrose chatty, a pack made impossible).
 */
export async function lanternQuayVariant(edits: Readonly<Record<string, VariantEdit>>): Promise<LanternVariant> {
  const storiesDir = await mkdtemp(path.join(os.tmpdir(), 'storyloom-variant-'));
  const packDir = path.join(storiesDir, 'lantern-quay');
  await cp(path.join(STORIES_DIR, 'lantern-quay'), packDir, { recursive: true });
  for (const [file, edit] of Object.entries(edits)) {
    const target = path.join(packDir, file);
    const text = typeof edit === 'string' ? edit : edit(await readFile(target, 'utf8'));
    await writeFile(target, text);
  }
  return { storiesDir, packDir, cleanup: () => rm(storiesDir, { recursive: true, force: true }) };
}

/** Replaces exactly one occurrence of `from`, so a variant fails loudly when the story it edits has changed. */
export function replaceOnce(from: string, to: string): (original: string) => string {
  return (original) => {
    const at = original.indexOf(from);
    if (at < 0 || original.indexOf(from, at + 1) >= 0) throw new Error(`the variant expects one "${from}"`);
    return original.slice(0, at) + to + original.slice(at + from.length);
  };
}
