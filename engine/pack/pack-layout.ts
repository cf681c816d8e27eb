import { startOf, type DiagnosticSink } from './diagnostics.ts';
import type { PackTree } from './pack-tree.ts';
import { didYouMean } from './suggest.ts';

/**
 * The files of pack format 1. A later format adds its files here (objects.yaml, triggers.yaml …) and older apps warn
 * about them instead of failing, so packs can grow additively.
 */
export const PACK_FILES = {
  story: 'story.yaml',
  personas: 'personas.yaml',
  characters: 'characters.yaml',
  locations: 'locations.yaml',
  lore: 'lore.yaml',
  triggers: 'triggers.yaml',
  narrative: 'narrative.yaml',
} as const;

export const PACK_FOLDERS = {
  characters: 'characters',
  /** More lore files (`lore/*.yaml`, lists like lore.yaml), read after lore.yaml. */
  lore: 'lore',
  prompts: 'prompts',
  fixtures: 'fixtures',
  world: 'world',
} as const;

/** The optional world/ folder: the initial state of engine/world. */
export const WORLD_FILES = {
  locations: 'world/locations.yaml',
  objects: 'world/objects.yaml',
  environment: 'world/environment.yaml',
  lexicon: 'world/lexicon.yaml',
} as const;

/** Warns about YAML files the format does not know, which are usually misspelt names that would be silently ignored. */
export function reportUnknownFiles(tree: PackTree, sink: DiagnosticSink): void {
  const known: readonly string[] = Object.values(PACK_FILES);
  const worldFiles: readonly string[] = Object.values(WORLD_FILES);
  for (const file of tree.files.keys()) {
    if (!/\.ya?ml$/iu.test(file)) continue;
    const [top, ...rest] = file.split('/');
    if (top === undefined) continue;
    if (rest.length === 0 && !known.includes(top)) {
      sink.warning(startOf(file), `not a story-pack file; ignored${didYouMean(top, known)}`);
    } else if (top === PACK_FOLDERS.characters && (rest.length > 1 || !file.endsWith('.yaml'))) {
      sink.warning(startOf(file), 'ignored: character files are read from characters/*.yaml (one level, .yaml)');
    } else if (top === PACK_FOLDERS.lore && (rest.length > 1 || !file.endsWith('.yaml'))) {
      sink.warning(startOf(file), 'ignored: lore files are read from lore/*.yaml (one level, .yaml)');
    } else if (top === PACK_FOLDERS.world && !worldFiles.includes(file)) {
      sink.warning(startOf(file), `not a world file; ignored${didYouMean(file, worldFiles)}`);
    }
  }
}
