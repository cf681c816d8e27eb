import type { z } from 'zod';
import { KEYLESS_MARK, WORLD_AUDIENCE, loreEntrySchema } from '../schema/lore.ts';
import type { ImportedLoreEntry, ImportedLorebook } from './lorebook.ts';
import { slugify, uniqueId } from './slug.ts';

export type LoreEntryInput = z.input<typeof loreEntrySchema>;

export interface LoreConversion {
  readonly entries: readonly LoreEntryInput[];
  /** One line per entry left out, saying why. */
  readonly skipped: readonly string[];
  /** Settings lore.yaml has no field for, kept in the entries' extensions, counted ("position ×12"). */
  readonly unsupported: readonly string[];
}

/** An entry already in the pack: what names it (`loreIdentity`) and what it says. */
export interface LoreSignature {
  readonly identity: string;
  readonly key: string;
  readonly audience: string;
  readonly content: string;
}

export interface LoreConversionOptions {
  /** The character a card's book belongs to: entries it marks secret or private become that character's knowledge. */
  readonly owner: string | null;
  readonly existing: readonly LoreSignature[];
  readonly tags: readonly string[];
}

const PRIVATE_MARK = /\b(?:secret|private|hidden)\b/iu;

/**
 * Lore entries for lore.yaml. Every entry gets an id of its own (from its label, numbered when taken), because real
 * lorebooks share trigger words: two entries keyed "PAS" are two entries. The first key names the entry and the others
 * become aliases; activation settings carry over, and those lore.yaml has no field for stay in `extensions`. An empty
 * entry is left out (lore.yaml needs content), and so is one the pack already holds word for word (same key, audience
 * and content), so importing a lorebook twice adds nothing.
 */
export function toLoreEntries(book: ImportedLorebook, options: LoreConversionOptions): LoreConversion {
  const entries: LoreEntryInput[] = [];
  const skipped: string[] = [];
  const ids = new Set(options.existing.map((entry) => entry.identity));
  const held = new Set(options.existing.map((entry) => signature(entry.key, entry.audience, entry.content)));
  const kept = new Map<string, number>();
  book.entries.forEach((entry, index) => {
    const label = labelOf(entry, index);
    if (entry.content.trim() === '') return void skipped.push(`"${label}": no content`);
    const keys = uniqueLabels(entry.keys);
    const key = keys[0] ?? label;
    const audience = audienceOf(entry, options.owner);
    const content = entry.content.replace(/\r\n?/gu, '\n');
    if (held.has(signature(key, audience, content)))
      return void skipped.push(`"${key}": the pack's lore already has this entry`);
    const id = uniqueId(slugify(key, 'lore'), (taken) => ids.has(taken));
    const candidate: LoreEntryInput = {
      id,
      key,
      aliases: keys.slice(1),
      content,
      audience,
      tags: [...options.tags],
      secondaryKeys: uniqueLabels(entry.secondaryKeys),
      selectiveLogic: entry.selectiveLogic,
      ...(entry.caseSensitive === null ? {} : { caseSensitive: entry.caseSensitive }),
      ...(entry.wholeWords === null ? {} : { wholeWords: entry.wholeWords }),
      constant: entry.constant,
      order: entry.order,
      disabled: !entry.enabled,
      ...(Object.keys(entry.settings).length === 0 && keys.length > 0
        ? {}
        : { extensions: { ...entry.settings, ...(keys.length === 0 ? { [KEYLESS_MARK]: true } : {}) } }),
    };
    if (!loreEntrySchema.safeParse(candidate).success) return void skipped.push(`"${label}": not a valid lore entry`);
    ids.add(id);
    held.add(signature(key, audience, content));
    entries.push(candidate);
    for (const name of Object.keys(entry.settings)) kept.set(name, (kept.get(name) ?? 0) + 1);
  });
  const unsupported = [...kept].map(([name, count]) => `${name} ×${count}`);
  return { entries, skipped, unsupported };
}

function signature(key: string, audience: string, content: string): string {
  return `${key}\0${audience}\0${content.trim()}`;
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
