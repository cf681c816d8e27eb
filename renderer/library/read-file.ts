/** What the library imports: character cards (PNG, CHARX, JSON) and lorebooks (JSON). */
export const IMPORT_EXTENSIONS = ['.png', '.charx', '.json'] as const;

export const isImportable = (fileName: string): boolean =>
  IMPORT_EXTENSIONS.some((extension) => fileName.toLowerCase().endsWith(extension));

/** A new pack's name from a file's: "mara_quill.card.json" → "Mara quill card". */
export function packNameFrom(fileName: string): string {
  const base = fileName
    .replace(/\.[^.]*$/u, '')
    .replace(/[_\-.\s]+/gu, ' ')
    .trim();
  const name = base === '' ? 'Imported' : base.charAt(0).toUpperCase() + base.slice(1);
  return name.slice(0, 80);
}

/** Base64 of bytes, in chunks so large cards do not overflow the argument list. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let start = 0; start < bytes.length; start += chunk) {
    binary += String.fromCharCode(...bytes.subarray(start, start + chunk));
  }
  return btoa(binary);
}

export interface PickedFile {
  readonly fileName: string;
  readonly contentBase64: string;
}

export async function readPicked(file: File): Promise<PickedFile> {
  return { fileName: file.name, contentBase64: bytesToBase64(new Uint8Array(await file.arrayBuffer())) };
}
