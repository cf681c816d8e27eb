import { withoutDecorators } from '../import/decorators.ts';
import { isRecord } from '../import/json-text.ts';

/**
 * A card's character_book as each spec wants it written. The book is kept at import exactly as it came, and real books
 * leave out fields the specs require (a V2 book from SillyTavern has no `extensions`; V2 entries have no
 * `use_regex`), so export fills them with their neutral values. The V2 copy is read by apps that do not know RisuAI's
 * decorators, so its entries lose them (SPEC_V3: SHOULD trim); the V3 copy keeps them.
 */
export function bookFor(version: 'v2' | 'v3', book: unknown): Record<string, unknown> | undefined {
  if (!isRecord(book)) return undefined;
  const entries = Array.isArray(book.entries) ? book.entries.filter(isRecord) : [];
  return {
    ...book,
    extensions: isRecord(book.extensions) ? book.extensions : {},
    entries: entries.map((entry) => entryFor(version, entry)),
  };
}

function entryFor(version: 'v2' | 'v3', entry: Record<string, unknown>): Record<string, unknown> {
  const content = typeof entry.content === 'string' ? entry.content : '';
  const filled = {
    ...entry,
    keys: Array.isArray(entry.keys) ? entry.keys : [],
    content: version === 'v2' ? withoutDecorators(content) : content,
    extensions: isRecord(entry.extensions) ? entry.extensions : {},
    enabled: typeof entry.enabled === 'boolean' ? entry.enabled : true,
    insertion_order: typeof entry.insertion_order === 'number' ? entry.insertion_order : 100,
  };
  // V2 has no regex keys: a V3 entry's flag stays in the V3 copy.
  const { use_regex: useRegex, ...v2 } = filled;
  if (version === 'v2') return v2;
  return { ...v2, use_regex: typeof useRegex === 'boolean' ? useRegex : false };
}
