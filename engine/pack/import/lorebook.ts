import { textField, textListField } from './card-fields.ts';
import { decoratorSettings, parseDecorators } from './decorators.ts';
import { importError } from './errors.ts';
import { isRecord } from './json-text.ts';
import { IMPORT_LIMITS } from './limits.ts';

/** How secondary keys combine with the primary ones (SillyTavern's selectiveLogic 0–3). */
export const SELECTIVE_LOGIC = ['and_any', 'not_all', 'not_any', 'and_all'] as const;
export type SelectiveLogic = (typeof SELECTIVE_LOGIC)[number];

/** One lorebook entry with every activation setting the community formats share. */
export interface ImportedLoreEntry {
  readonly keys: readonly string[];
  readonly secondaryKeys: readonly string[];
  readonly content: string;
  readonly comment: string;
  readonly name: string;
  readonly constant: boolean;
  readonly selective: boolean;
  readonly selectiveLogic: SelectiveLogic;
  readonly order: number;
  readonly enabled: boolean;
  /** Null when the book leaves it to the reader's global setting. */
  readonly caseSensitive: boolean | null;
  readonly wholeWords: boolean | null;
  /** The book's settings lore.yaml has no field for (position, depth, probability, priority, group …), as they were. */
  readonly settings: Readonly<Record<string, unknown>>;
}

/**
 * World Info settings kept in an entry's `extensions` so nothing the author set is lost on import or export. The
 * engine reads none of them (case sensitivity and whole words have lore.yaml fields of their own).
 */
export const KEPT_SETTINGS = [
  'position',
  'depth',
  'probability',
  'useProbability',
  'priority',
  'case_sensitive',
  'group',
  'groupOverride',
  'groupWeight',
  'scanDepth',
  'excludeRecursion',
  'preventRecursion',
  'delayUntilRecursion',
  'sticky',
  'cooldown',
  'delay',
  'role',
] as const;

export type LorebookFormat = 'worldinfo' | 'lorebook_v3' | 'character_book';

export interface ImportedLorebook {
  readonly format: LorebookFormat;
  readonly name: string;
  readonly entries: readonly ImportedLoreEntry[];
}

export function isLorebookJson(json: unknown): boolean {
  return isRecord(json) && (json.spec === 'lorebook_v3' || isRecord(json.entries) || Array.isArray(json.entries));
}

/** SillyTavern World Info (`entries` keyed by uid), `lorebook_v3`, or a bare character_book. */
export function readLorebook(json: unknown, source: string): ImportedLorebook {
  if (!isRecord(json)) throw importError(`${source} does not hold a lorebook (expected a JSON object)`);
  if (json.spec === 'lorebook_v3') {
    if (!isRecord(json.data)) throw importError(`${source}: the lorebook_v3 has no data object`);
    return { ...readCharacterBook(json.data, 'the lorebook data'), format: 'lorebook_v3' };
  }
  if (Array.isArray(json.entries)) return readCharacterBook(json, 'the lorebook');
  if (!isRecord(json.entries)) throw importError(`${source} is not a lorebook (no entries)`);
  const entries = Object.entries(json.entries);
  checkCount(entries.length);
  const name = typeof json.name === 'string' ? json.name : '';
  const read = entries.map(([uid, raw]) => decorated(worldInfoEntry(raw, `entries.${uid}`)));
  return { format: 'worldinfo', name, entries: read };
}

/** A V2/V3 character_book (also the data of a lorebook_v3). */
export function readCharacterBook(book: Readonly<Record<string, unknown>>, where: string): ImportedLorebook {
  if (!Array.isArray(book.entries)) throw importError(`${where} has no list of entries`);
  checkCount(book.entries.length);
  const entries = book.entries.map((raw: unknown, index) => decorated(bookEntry(raw, `${where}.entries[${index}]`)));
  return { format: 'character_book', name: textField(book, 'name', where), entries };
}

function worldInfoEntry(raw: unknown, where: string): ImportedLoreEntry {
  if (!isRecord(raw)) throw importError(`${where} must be an object`);
  return {
    keys: textListField(raw, 'key', where),
    secondaryKeys: textListField(raw, 'keysecondary', where),
    content: textField(raw, 'content', where),
    comment: textField(raw, 'comment', where),
    name: '',
    constant: raw.constant === true,
    selective: raw.selective === true,
    selectiveLogic: logicOf(raw.selectiveLogic),
    order: numberOr(raw.order, 100),
    enabled: raw.disable !== true,
    caseSensitive: booleanOrNull(raw.caseSensitive),
    wholeWords: booleanOrNull(raw.matchWholeWords),
    settings: keptSettings({ ...raw, case_sensitive: raw.caseSensitive }),
  };
}

function bookEntry(raw: unknown, where: string): ImportedLoreEntry {
  if (!isRecord(raw)) throw importError(`${where} must be an object`);
  const extensions = isRecord(raw.extensions) ? raw.extensions : {};
  return {
    keys: textListField(raw, 'keys', where),
    secondaryKeys: textListField(raw, 'secondary_keys', where),
    content: textField(raw, 'content', where),
    comment: textField(raw, 'comment', where),
    name: textField(raw, 'name', where),
    constant: raw.constant === true,
    selective: raw.selective === true,
    // The card specs leave the logic to extensions; SillyTavern keeps its number there.
    selectiveLogic: logicOf(extensions.selectiveLogic),
    order: numberOr(raw.insertion_order, 100),
    enabled: raw.enabled !== false,
    caseSensitive: booleanOrNull(raw.case_sensitive ?? extensions.caseSensitive),
    wholeWords: booleanOrNull(extensions.matchWholeWords),
    // SillyTavern writes its own settings into the entry's extensions; the card spec's own fields win.
    settings: keptSettings({ ...extensions, ...raw }),
  };
}

/**
 * The entry with its RisuAI decorators (`@@depth 0` …) taken out of the content, so no prompt ever sees them, and put
 * into the settings they mean (a decorator says more than the entry's generic fields, so it wins).
 */
function decorated(entry: ImportedLoreEntry): ImportedLoreEntry {
  const { decorators, text } = parseDecorators(entry.content);
  if (decorators.length === 0) return entry;
  const found = decoratorSettings(decorators);
  return {
    ...entry,
    content: text,
    constant: entry.constant || found.constant,
    enabled: entry.enabled && !found.disabled,
    settings: { ...entry.settings, ...found.settings },
  };
}

function logicOf(value: unknown): SelectiveLogic {
  return (typeof value === 'number' ? SELECTIVE_LOGIC[value] : undefined) ?? 'and_any';
}

function booleanOrNull(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

/** The kept settings that are set (a null or missing one says nothing). */
function keptSettings(raw: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    KEPT_SETTINGS.flatMap((name) => (raw[name] === undefined || raw[name] === null ? [] : [[name, raw[name]]])),
  );
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function checkCount(count: number): void {
  if (count > IMPORT_LIMITS.maxLoreEntries)
    throw importError(`the lorebook has ${count} entries; the limit is ${IMPORT_LIMITS.maxLoreEntries}`);
}
