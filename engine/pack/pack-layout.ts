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
} as const;

export const PACK_FOLDERS = { characters: 'characters', prompts: 'prompts', fixtures: 'fixtures' } as const;

/** Warns about YAML files the format does not know, which are usually misspelt names that would be silently ignored. */
export function reportUnknownFiles(tree: PackTree, sink: DiagnosticSink): void {
  const known: readonly string[] = Object.values(PACK_FILES);
  for (const file of tree.files.keys()) {
    if (!/\.ya?ml$/iu.test(file)) continue;
    const [top, ...rest] = file.split('/');
    if (top === undefined) continue;
    if (rest.length === 0 && !known.includes(top)) {
      sink.warning(startOf(file), `not a story-pack file; ignored${didYouMean(top, known)}`);
    } else if (top === PACK_FOLDERS.characters && (rest.length > 1 || !file.endsWith('.yaml'))) {
      sink.warning(startOf(file), 'ignored: character files are read from characters/*.yaml (one level, .yaml)');
    }
  }
}
