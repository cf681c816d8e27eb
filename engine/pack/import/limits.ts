/**
 * Caps that keep a hostile or broken file from exhausting memory. Real cards are a few MB (a portrait and a lorebook
 * of some hundred entries); these leave ample room above that and refuse anything built to blow up.
 */
export const IMPORT_LIMITS = {
  /** The imported file itself. */
  maxFileBytes: 64 * 1024 * 1024,
  /** One PNG text chunk (the base64 card JSON). */
  maxTextChunkBytes: 16 * 1024 * 1024,
  maxPngChunks: 10_000,
  /** The card or lorebook JSON text. */
  maxJsonBytes: 16 * 1024 * 1024,
  maxZipEntries: 1000,
  /** One CHARX entry, once inflated. */
  maxZipEntryBytes: 32 * 1024 * 1024,
  /** Every CHARX entry together, once inflated (declared sizes, checked before anything is inflated). */
  maxZipTotalBytes: 128 * 1024 * 1024,
  /** Deflate rarely beats 100:1 on real data; zip bombs reach 1000:1 and more. */
  maxZipRatio: 200,
  maxLoreEntries: 5000,
} as const;
