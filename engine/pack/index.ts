/**
 * Story packs, format 1: folders of YAML (plus optional prompt overrides and images) loaded into a validated
 * `StoryPack`, with every problem reported as `file:line:col: severity: message`.
 */
export { loadPack } from './load-pack.ts';
export { discoverPacks } from './discover.ts';
export type { DiscoverOptions, PackListing, PackSource, PackStatus } from './discover.ts';
export type { LoadPackOptions, PackLoadResult, StoryPack } from './types.ts';
export { formatDiagnostic, sortDiagnostics } from './diagnostics.ts';
export type { Diagnostic, Severity } from './diagnostics.ts';
export { PACK_SCHEMA_KINDS, isPackSchemaKind, packJsonSchema, packJsonSchemas } from './schema/json-schema.ts';
export type { JsonSchema, PackSchemaKind } from './schema/json-schema.ts';
export { PACK_SCHEMA_VERSION } from './schema/story.ts';
export type { StoryManifest, StoryTuning } from './schema/story.ts';
export type { Persona } from './schema/personas.ts';
export { characterSchema } from './schema/characters.ts';
export type { Character, CharacterKnowledge } from './schema/characters.ts';
export { clockMinutes, goalInvolves, goalText, packTierOf } from './schema/character-life.ts';
export type { PackGoal, PackRoutineSlot, PackWorldMomentum } from './schema/character-life.ts';
export { locationSchema } from './schema/locations.ts';
export type { LocationConnection, StoryLocation } from './schema/locations.ts';
export { worldObjectSchema } from './schema/world.ts';
export type { WorldObjectSpec } from './schema/world.ts';
export { slugify, uniqueId } from './import/slug.ts';
export type { LoreEntry } from './schema/lore.ts';
export { KEYLESS_MARK, PERSONA_AUDIENCE, WORLD_AUDIENCE, loreIdentity } from './schema/lore.ts';
export { PROMPT_STAGES } from './prompts.ts';
export type { PromptOverrides, PromptStage } from './prompts.ts';
export { cardPlay, isCardCharacter, type CardPlay } from './card-play.ts';
export { packGreetings, type PackGreeting } from './greetings.ts';
export { PACK_LIMITS } from './pack-tree.ts';
export { importFile, planImport, readImportSource, readPackState, IMPORT_LIMITS } from './import/index.ts';
export type { ImportAs, ImportOptions, ImportPlan, ImportSummary, ImportSource } from './import/index.ts';
export { exportCharacterCard, cardPng, characterToCards, transcriptHtml, transcriptMarkdown } from './export/index.ts';
export type { CardPair, TranscriptMessage, TranscriptOptions } from './export/index.ts';
export { entityNamer, findCharacter, type NamedCharacter } from './entity-names.ts';
export { givesAway, nameWords, phrasesIn } from './distinctive-phrases.ts';
export { alwaysVisibleText, packStoryText, storyNameWords, type StoryText } from './guarded-phrases.ts';
export { parseInputs, parseInputsFile, readInputsFile, type InputsFile, type ScriptedInput } from './inputs-file.ts';
