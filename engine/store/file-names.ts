import { basename } from 'node:path';
import { SAVE_FILE_EXTENSION } from './constants.ts';

const MAX_SLUG_LENGTH = 40;

/** "The Lost Tower — Chapter Ⅱ!" → "the-lost-tower-chapter-ii"; never empty. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'save' : slug;
}

/**
 * A file name for a new save: the title's slug, a suffix from the creation time (so two saves with one title differ)
 * and, when even that collides, a counter.
 */
export function saveFileName(title: string, now: number, attempt: number): string {
  const suffix = now.toString(36) + (attempt === 0 ? '' : `-${attempt + 1}`);
  return `${slugify(title)}-${suffix}${SAVE_FILE_EXTENSION}`;
}

/** A save id is a plain `*.storyloom` file name inside the folder: no separators, no dot-files, no traversal. */
export function isSaveId(id: string): boolean {
  return (
    id.length > SAVE_FILE_EXTENSION.length &&
    id.length <= 255 &&
    id.endsWith(SAVE_FILE_EXTENSION) &&
    !id.startsWith('.') &&
    !/[/\\\0:]/.test(id) &&
    basename(id) === id
  );
}
