/**
 * Community formats in: character cards (V1, V2, V3; PNG, CHARX, JSON) and lorebooks (SillyTavern World Info,
 * lorebook_v3) become a pack's character file, portrait and lore entries.
 */
export { importFile, type ImportOptions } from './import-file.ts';
export { planImport, type ImportAs, type ImportPlan, type ImportSummary, type PlanOptions } from './plan-import.ts';
export { readImportSource, type ImportSource, type Portrait } from './import-source.ts';
export { readPackState, type PackState } from './pack-state.ts';
export { readCard, type CardSpec, type CharacterCard } from './card.ts';
export { readLorebook, SELECTIVE_LOGIC } from './lorebook.ts';
export type { ImportedLoreEntry, ImportedLorebook, LorebookFormat, SelectiveLogic } from './lorebook.ts';
export { IMPORT_LIMITS } from './limits.ts';
export { CARD_EXTENSION_KEY, CARD_ORIGINALS_KEY } from './card-mapping.ts';
