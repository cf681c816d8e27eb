import { isSeq, parseDocument } from 'yaml';
import { importError } from './errors.ts';
import { yamlText } from './pack-skeleton.ts';

/** `text` (a YAML list, or null for a new file) with `items` appended; the existing items and comments are kept. */
export function appendToYamlList(text: string | null, items: readonly unknown[], file: string): string {
  if (text === null || text.trim() === '') return yamlText(items);
  const document = parseDocument(text, { version: '1.2' });
  if (document.errors.length > 0) throw importError(`${file} cannot be read: ${document.errors[0]?.message ?? ''}`);
  if (document.contents === null) return yamlText(items);
  if (!isSeq(document.contents)) throw importError(`${file} is not a list, so nothing can be added to it`);
  for (const item of items) document.add(document.createNode(item));
  return document.toString({ lineWidth: 0 });
}
