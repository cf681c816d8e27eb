import type { z } from 'zod';
import { WORLD_AUDIENCE, loreEntrySchema } from '../schema/lore.ts';
import type { ImportedLoreEntry, ImportedLorebook } from './lorebook.ts';

export type LoreEntryInput = z.input<typeof loreEntrySchema>;

export interface LoreConversion {
  readonly entries: readonly LoreEntryInput[];
  /** One line per entry left out, saying why. */
  readonly skipped: readonly string[];
  /** Activation settings lore.yaml has no field for, counted (empty when none were set). */
  readonly unsupported: readonly string[];
}

export interface LoreConversionOptions {
  /** The character a card's book belongs to: entries it marks secret or private become that character's knowledge. */
  readonly owner: string | null;
  /** `key\0audience` of the entries already in the pack (the loader refuses duplicates). */
  readonly existing: ReadonlySet<string>;
  readonly tags: readonly string[];
}

const PRIVATE_MARK = /\b(?:secret|private|hidden)\b/iu;

/**
 * Lore entries for lore.yaml. The first key names the entry and the others become aliases; activation settings
 * (secondary keys, selective logic, constant, order, disabled) carry over. An empty entry is left out (lore.yaml needs
 * content), and so is one whose key is already used for the same audience, so importing a lorebook twice adds nothing.
 */
export function toLoreEntries(book: ImportedLorebook, options: LoreConversionOptions): LoreConversion {
  const entries: LoreEntryInput[] = [];
  const skipped: string[] = [];
  const used = new Set(options.existing);
  book.entries.forEach((entry, index) => {
    const label = labelOf(entry, index);
    if (entry.content.trim() === '') return void skipped.push(`"${label}": no content`);
    const keys = uniqueLabels(entry.keys);
    const key = keys[0] ?? label;
    const audience = audienceOf(entry, options.owner);
    if (used.has(`${key}\0${audience}`))
      return void skipped.push(`"${key}": the pack's lore already has an entry with this key`);
    used.add(`${key}\0${audience}`);
    const candidate: LoreEntryInput = {
      key,
      aliases: keys.slice(1),
      content: entry.content.replace(/\r\n?/gu, '\n'),
      audience,
      tags: [...options.tags],
      secondaryKeys: uniqueLabels(entry.secondaryKeys),
      selectiveLogic: entry.selectiveLogic,
      constant: entry.constant,
      order: entry.order,
      disabled: !entry.enabled,
    };
    if (loreEntrySchema.safeParse(candidate).success) entries.push(candidate);
    else skipped.push(`"${label}": not a valid lore entry`);
  });
  return { entries, skipped, unsupported: [] };
}

/** World lore unless the entry says plainly it is a secret of the book's character. */
function audienceOf(entry: ImportedLoreEntry, owner: string | null): string {
  const marked = PRIVATE_MARK.test(entry.comment) || PRIVATE_MARK.test(entry.name);
  return owner !== null && marked ? owner : WORLD_AUDIENCE;
}

function labelOf(entry: ImportedLoreEntry, index: number): string {
  return (
    entry.keys.find((key) => key.trim() !== '')?.trim() ??
    (entry.name.trim() || entry.comment.trim() || `entry ${index + 1}`)
  );
}

function uniqueLabels(labels: readonly string[]): string[] {
  return [...new Set(labels.map((label) => label.trim()).filter((label) => label !== ''))];
}
