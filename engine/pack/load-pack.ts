import path from 'node:path';
import { contentHash } from './content-hash.ts';
import {
  createDiagnosticSink,
  sortDiagnostics,
  startOf,
  type DiagnosticSink,
  type SourcePosition,
} from './diagnostics.ts';
import { filesIn, loadList, loadOne, mergeSections, readYaml, type Section, type Sourced } from './pack-files.ts';
import { loadNarrative } from './narrative-file.ts';
import { checkCharacterLifeReferences } from './character-life-references.ts';
import { checkNarrativeReferences } from './narrative-references.ts';
import { checkProducibleAtoms } from './producible-atoms.ts';
import { checkGuardedPhrases } from './guarded-phrases.ts';
import { PACK_FILES, PACK_FOLDERS, reportUnknownFiles, WORLD_FILES } from './pack-layout.ts';
import { PACK_FOLDER, scanPack, type PackTree } from './pack-tree.ts';
import { fixturePaths, loadPromptOverrides } from './prompts.ts';
import { checkReferences, checkTriggerReferences, checkWorldReferences } from './references.ts';
import { checkWorldSoundness } from './world-checks.ts';
import { characterSchema, charactersSchema, type Character } from './schema/characters.ts';
import { locationsSchema } from './schema/locations.ts';
import { loreSchema } from './schema/lore.ts';
import { checkPromptFit } from './prompt-fit-checks.ts';
import { EMPTY_NARRATIVE } from './schema/narrative.ts';
import { personasSchema } from './schema/personas.ts';
import { storySchema, type StoryManifest } from './schema/story.ts';
import { triggersSchema } from './schema/triggers.ts';
import {
  worldEnvironmentSchema,
  worldLexiconSchema,
  worldLocationsSchema,
  worldObjectsSchema,
} from './schema/world.ts';
import { parseVersion } from './semver.ts';
import { checkCover, missingStory, preflightStory, type AppVersion } from './story-checks.ts';
import type { LoadPackOptions, PackLoadResult, StoryPack } from './types.ts';
import { validateYaml } from './validate-yaml.ts';
import { positionAt } from './yaml-locate.ts';
import { errorMessage } from '../api/index.ts';

/** A load, plus the raw story.yaml data so a library can still show a broken pack's title. */
export interface PackReading extends PackLoadResult {
  readonly rawStory: unknown;
  /** Where story.yaml sets the id, for diagnostics about the pack as a whole (a shadowed built-in). */
  readonly idPosition: SourcePosition | null;
}

interface ReadState {
  rawStory: unknown;
  idPosition: SourcePosition | null;
}

/**
 * Loads and validates the pack in `dir`. Never throws for a bad pack: every problem, in every file, comes back as a
 * diagnostic, and the pack is null when any of them is an error.
 */
export async function loadPack(dir: string, options: LoadPackOptions): Promise<PackLoadResult> {
  const { pack, diagnostics } = await readPack(dir, options);
  return { pack, diagnostics };
}

export async function readPack(dir: string, options: LoadPackOptions): Promise<PackReading> {
  const version = parseVersion(options.appVersion);
  if (version === null) throw new TypeError(`appVersion must be a semantic version, got "${options.appVersion}"`);
  const sink = createDiagnosticSink();
  const state: ReadState = { rawStory: undefined, idPosition: null };
  let pack: StoryPack | null = null;
  try {
    pack = await readInto(path.resolve(dir), { text: options.appVersion, version }, sink, state);
  } catch (error) {
    // A file system failure mid-load (a disk error, a file removed under us) must not take the library down either.
    sink.error(startOf(PACK_FOLDER), `could not load the pack: ${errorMessage(error)}`);
  }
  const diagnostics = sortDiagnostics(sink.diagnostics);
  return { pack: sink.hasErrors() ? null : pack, diagnostics, ...state };
}

async function readInto(
  dir: string,
  app: AppVersion,
  sink: DiagnosticSink,
  state: ReadState,
): Promise<StoryPack | null> {
  const tree = await scanPack(dir, sink);
  if (tree === null) return null;
  const storyYaml = await readYaml(tree, PACK_FILES.story, sink);
  // A story.yaml that is a link out of the pack is already reported as such.
  if (!tree.files.has(PACK_FILES.story) && !tree.escapes.has(PACK_FILES.story)) missingStory(sink, PACK_FILES.story);
  state.rawStory = storyYaml?.data;
  state.idPosition = storyYaml === null ? null : positionAt(storyYaml, ['id'], 'value');
  if (storyYaml !== null && !preflightStory(storyYaml, app, sink)) return null;
  const manifest = storyYaml === null ? null : validateYaml(storyYaml, storySchema, sink);
  const story: Sourced<StoryManifest> | null =
    storyYaml && manifest ? { value: manifest, yaml: storyYaml, path: [] } : null;

  const personas = await loadList(tree, PACK_FILES.personas, personasSchema, sink);
  const characters = await loadCharacters(tree, sink);
  const locations = await loadList(tree, PACK_FILES.locations, locationsSchema, sink);
  // lore.yaml, then lore/*.yaml: a big lorebook is split across files, each under the pack file size cap.
  const lore = mergeSections([
    await loadList(tree, PACK_FILES.lore, loreSchema, sink),
    ...(await Promise.all(
      filesIn(tree, PACK_FOLDERS.lore, '.yaml').map((file) => loadList(tree, file, loreSchema, sink)),
    )),
  ]);
  const prompts = await loadPromptOverrides(tree, sink);
  reportUnknownFiles(tree, sink);
  if (story !== null) checkCover(story, tree, sink);
  checkReferences({ story, personas, characters, locations, lore }, sink);
  checkCharacterLifeReferences({ story, personas, characters, locations, lore }, sink);
  const worldLocations = await loadList(tree, WORLD_FILES.locations, worldLocationsSchema, sink);
  const worldObjects = await loadList(tree, WORLD_FILES.objects, worldObjectsSchema, sink);
  const environment = await loadOne(tree, WORLD_FILES.environment, worldEnvironmentSchema, sink);
  const world = { locations: worldLocations, objects: worldObjects };
  checkWorldReferences({ story, personas, characters, locations, lore }, world, sink);
  checkWorldSoundness({ story, personas, characters, locations, lore }, world, sink);
  const lexicon = await loadOne(tree, WORLD_FILES.lexicon, worldLexiconSchema, sink);
  const triggers = await loadList(tree, PACK_FILES.triggers, triggersSchema, sink);
  checkTriggerReferences({ story, personas, characters, locations, lore }, triggers, sink);
  const narrative = await loadNarrative(tree, sink);
  checkNarrativeReferences(
    { story, personas, characters, locations, lore },
    { narrative, objects: worldObjects, triggers },
    sink,
  );
  checkProducibleAtoms(triggers, narrative, sink);
  checkGuardedPhrases({ narrative, characters, locations, lore, objects: worldObjects }, sink);
  if (!sink.hasErrors()) checkPromptFit({ story, characters, lore }, sink);
  if (story === null || sink.hasErrors()) return null;

  const values = <T>(section: Section<T>): T[] => section.items.map((item) => item.value);
  return {
    dir,
    manifest: story.value,
    personas: values(personas),
    characters: values(characters),
    locations: values(locations),
    lore: values(lore),
    // Only a pack with a world/ folder has a world: the field's absence tells the turn to skip world simulation.
    ...([worldLocations, worldObjects, environment].some((section) => section.files.length > 0) && {
      world: {
        locations: values(worldLocations),
        objects: values(worldObjects),
        environment: environment.items[0]?.value ?? null,
      },
    }),
    lexicon: lexicon.items[0]?.value ?? { verbs: {}, constraints: [] },
    triggers: values(triggers),
    narrative: narrative.items[0]?.value ?? EMPTY_NARRATIVE,
    prompts,
    fixtures: fixturePaths(tree),
    contentHash: await contentHash(tree),
  };
}

/** Characters come from characters.yaml (a list), characters/*.yaml (one each), or both. */
async function loadCharacters(tree: PackTree, sink: DiagnosticSink): Promise<Section<Character>> {
  const sections = [await loadList(tree, PACK_FILES.characters, charactersSchema, sink)];
  for (const file of filesIn(tree, PACK_FOLDERS.characters, '.yaml'))
    sections.push(await loadOne(tree, file, characterSchema, sink));
  return mergeSections(sections);
}
