import path from 'node:path';
import { PACK_FILES, PACK_FOLDERS } from '../pack-layout.ts';
import { recordField, textField } from './card-fields.ts';
import { importError } from './errors.ts';
import type { FileWrite } from './file-write.ts';
import type { ImportSource } from './import-source.ts';
import { readCharacterBook, type ImportedLorebook } from './lorebook.ts';
import { SKELETON_LOCATION, SKELETON_PERSONA, packSkeleton, yamlText } from './pack-skeleton.ts';
import type { PackState } from './pack-state.ts';
import { slugify, uniqueId } from './slug.ts';
import { cardToCharacter } from './to-character.ts';
import { toLoreEntries, type LoreEntryInput } from './to-lore.ts';
import { checkFileSizes, loreWrites } from './fit-files.ts';

export type ImportAs = 'character' | 'lore';

/** What an import did, for the CLI and the library to show. */
export interface ImportSummary {
  readonly format: string;
  readonly packDir: string;
  readonly createdPack: boolean;
  readonly character: { readonly id: string; readonly name: string } | null;
  /** Keys of the lore entries added. */
  readonly lore: readonly string[];
  readonly skipped: readonly string[];
  readonly notes: readonly string[];
  /** The files written, relative to the pack folder. */
  readonly files: readonly string[];
}

export interface ImportPlan {
  readonly writes: readonly FileWrite[];
  readonly summary: ImportSummary;
}

export interface PlanOptions {
  readonly as: ImportAs | null;
  /** A new pack's title (the library's "new pack" name); the character's name when absent. */
  readonly newPackTitle?: string | undefined;
  readonly appVersion: string;
  readonly fingerprint: Uint8Array;
}

/** Everything an import will write, computed in memory: any error surfaces here, before a single file is touched. */
export function planImport(source: ImportSource, pack: PackState, options: PlanOptions): ImportPlan {
  const plan = planWrites(source, pack, options);
  checkFileSizes(plan.writes);
  return plan;
}

function planWrites(source: ImportSource, pack: PackState, options: PlanOptions): ImportPlan {
  if (source.kind === 'lorebook' && options.as === 'character')
    throw importError(`the file is a lorebook (${source.format}), not a character card`);
  if (source.kind === 'lorebook' || options.as === 'lore') {
    const book = source.kind === 'lorebook' ? source.lorebook : bookOfCard(source.card.data);
    if (book === null) throw importError('the card has no character_book to import as lore');
    if (!pack.exists) throw importError(`lore can only be imported into an existing pack; ${pack.dir} has none`);
    return lorePlan(source.format, book, pack, null, []);
  }
  const name = textField(source.card.data, 'name', 'the card').trim();
  const id = uniqueId(slugify(name, 'character'), (candidate) => isTaken(pack, candidate));
  const character = cardToCharacter(source.card, id, pack.exists ? null : SKELETON_LOCATION);
  const writes: FileWrite[] = [];
  if (!pack.exists) {
    const packId = slugify(path.basename(pack.dir), id);
    const author = textField(source.card.data, 'creator', 'the card').trim() || 'Unknown';
    const title = options.newPackTitle?.trim() || name;
    const skeleton = {
      packId,
      title,
      characterName: name,
      scenario: textField(source.card.data, 'scenario', 'the card'),
      author,
      appVersion: options.appVersion,
      fingerprint: options.fingerprint,
    };
    writes.push(...packSkeleton(skeleton));
  }
  writes.push({ path: `${PACK_FOLDERS.characters}/${id}.yaml`, content: yamlText(character) });
  if (source.portrait !== null)
    writes.push({ path: `images/${id}.${source.portrait.extension}`, content: source.portrait.bytes });
  const assets = source.assets?.(id) ?? { writes: [], notKept: [] };
  writes.push(...assets.writes);
  const book = bookOfCard(source.card.data);
  const notes = [
    ...(book === null ? [] : [`the card's character_book is kept whole in ${id}.yaml for export`]),
    ...(assets.writes.length === 0 ? [] : [`${assets.writes.length} asset file(s) kept in assets/${id}/`]),
    ...assets.notKept.map((line) => `not kept: ${line}`),
  ];
  const lore = book === null ? null : lorePlan(source.format, book, pack, id, notes);
  return {
    writes: [...writes, ...(lore?.writes ?? [])],
    summary: {
      format: source.format,
      packDir: pack.dir,
      createdPack: !pack.exists,
      character: { id, name },
      lore: lore?.summary.lore ?? [],
      skipped: lore?.summary.skipped ?? [],
      notes: lore?.summary.notes ?? notes,
      files: [...writes, ...(lore?.writes ?? [])].map((write) => write.path),
    },
  };
}

function lorePlan(
  format: string,
  book: ImportedLorebook,
  pack: PackState,
  owner: string | null,
  notes: readonly string[],
): ImportPlan {
  const tags = book.name.trim() === '' ? [] : [book.name.trim()];
  const conversion = toLoreEntries(book, { owner, existing: pack.lore, tags });
  const entries: readonly LoreEntryInput[] = conversion.entries;
  const writes = loreWrites(pack.loreYaml, entries, book.name.trim() || format, pack.files);
  const split = writes.some((write) => write.path !== PACK_FILES.lore)
    ? [`the lore is too large for one file: it is split across ${writes.map((write) => write.path).join(', ')}`]
    : [];
  const unsupported =
    conversion.unsupported.length === 0
      ? []
      : [`kept in the entries' extensions (lore.yaml has no field for them): ${conversion.unsupported.join(', ')}`];
  return {
    writes,
    summary: {
      format,
      packDir: pack.dir,
      createdPack: false,
      character: null,
      lore: entries.map((entry) => entry.key),
      skipped: conversion.skipped,
      notes: [...notes, ...unsupported, ...split],
      files: writes.map((write) => write.path),
    },
  };
}

function bookOfCard(data: Readonly<Record<string, unknown>>): ImportedLorebook | null {
  const book = recordField(data, 'character_book', 'the card data');
  return Object.keys(book).length === 0 ? null : readCharacterBook(book, 'the card data.character_book');
}

/** Ids are shared by characters and personas; a file already named so (even an invalid one) blocks the id too. */
function isTaken(pack: PackState, id: string): boolean {
  if (pack.ids.has(id) || (!pack.exists && id === SKELETON_PERSONA)) return true;
  return [...pack.files].some(
    (file) => file === `${PACK_FOLDERS.characters}/${id}.yaml` || file.startsWith(`images/${id}.`),
  );
}
