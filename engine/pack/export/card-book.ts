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
  // V2 has no regex keys: a V3 entry's flag stays in the V3 copy only.
  const { use_regex: useRegex, ...rest } = entry;
  const content = typeof rest.content === 'string' ? rest.content : '';
  const keys: unknown[] = Array.isArray(rest.keys) ? rest.keys : [];
  const filled = {
    ...rest,
    keys,
    content: version === 'v2' ? withoutDecorators(content) : content,
    extensions: isRecord(rest.extensions) ? rest.extensions : {},
    enabled: typeof rest.enabled === 'boolean' ? rest.enabled : true,
    insertion_order: typeof rest.insertion_order === 'number' ? rest.insertion_order : 100,
  };
  if (version === 'v2') return filled;
  return { ...filled, use_regex: typeof useRegex === 'boolean' ? useRegex : false };
}
