import type { Diagnostic } from './diagnostics.ts';
import type { PromptOverrides } from './prompts.ts';
import type { Character } from './schema/characters.ts';
import type { StoryLocation } from './schema/locations.ts';
import type { LoreEntry } from './schema/lore.ts';
import type { PackNarrative } from './schema/narrative.ts';
import type { Persona } from './schema/personas.ts';
import type { StoryManifest } from './schema/story.ts';
import type { Subscription } from '../events/index.ts';
import type { PackWorld, WorldLexiconSpec } from './schema/world.ts';

/** A story pack as the engine uses it: validated, every reference resolved, defaults filled in. */
export interface StoryPack {
  /** The pack folder, absolute. */
  readonly dir: string;
  readonly manifest: StoryManifest;
  readonly personas: readonly Persona[];
  readonly characters: readonly Character[];
  readonly locations: readonly StoryLocation[];
  readonly lore: readonly LoreEntry[];
  /** The initial world state (the `world/` folder); absent when the pack has none. */
  readonly world?: PackWorld;
  /** Extra verbs and the world's hard constraints (`world/lexicon.yaml`) for the input parser; empty when absent. */
  readonly lexicon: WorldLexiconSpec;
  /** Trigger subscriptions (`triggers.yaml`): predicates over the truth set and their effects. */
  readonly triggers: readonly Subscription[];
  /** The narrative graph (`narrative.yaml`): scenes, gates, sub-graphs, prophecies, bridge objects; empty when absent. */
  readonly narrative: PackNarrative;
  /** Handlebars template text by stage, for the stages the pack overrides. */
  readonly prompts: PromptOverrides;
  /** Scripted playthroughs (`fixtures/*.yaml`), relative to the pack folder. */
  readonly fixtures: readonly string[];
  /** SHA-256 (hex) over the pack's files; saves record it to notice a changed pack. */
  readonly contentHash: string;
}

export interface PackLoadResult {
  /** Null when any diagnostic is an error. */
  readonly pack: StoryPack | null;
  /** Every problem found, errors and warnings, sorted by file and position. */
  readonly diagnostics: readonly Diagnostic[];
}

export interface LoadPackOptions {
  /** The running app's version (semver), checked against the pack's `engine` range. */
  readonly appVersion: string;
}
