/** A lowercase id (`SLUG_PATTERN` of the pack schema) from a display name: "Séraphina the Kind" → "seraphina-the-kind". */
export function slugify(text: string, fallback: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, '-')
    .replace(/^-+|-+$/gu, '')
    .slice(0, 48)
    .replace(/-+$/u, '');
  return slug === '' ? fallback : slug;
}

/** `base`, or `base-2`, `base-3` … whichever is not taken. */
export function uniqueId(base: string, taken: (id: string) => boolean): string {
  if (!taken(base)) return base;
  for (let n = 2; ; n++) if (!taken(`${base}-${n}`)) return `${base}-${n}`;
}
