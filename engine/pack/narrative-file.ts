import type { DiagnosticSink } from './diagnostics.ts';
import { readYaml, type Section, type Sourced } from './pack-files.ts';
import { PACK_FILES } from './pack-layout.ts';
import type { PackTree } from './pack-tree.ts';
import { narrativeSchema, type PackNarrative } from './schema/narrative.ts';
import { validateYaml } from './validate-yaml.ts';

/** Ids that count as cast and recipients besides the pack's characters: "player" is the persona in propositions. */
export const PLAYER_ID = 'player';

/**
 * `narrative.yaml`, one object per pack. A file holding only comments is an empty graph, like a list file holding
 * only comments is an empty list: an author may keep a commented-out draft.
 */
export async function loadNarrative(tree: PackTree, sink: DiagnosticSink): Promise<Section<PackNarrative>> {
  const file = PACK_FILES.narrative;
  if (!tree.files.has(file)) return { items: [], complete: true, files: [] };
  const yaml = await readYaml(tree, file, sink);
  const value = yaml === null ? null : validateYaml(yaml, narrativeSchema, sink, { emptyMeans: {} });
  if (yaml === null || value === null) return { items: [], complete: false, files: [file] };
  return { items: [{ value, yaml, path: [] }], complete: true, files: [file] };
}

/** The items of one list of the narrative file (its scenes, its gates …), each pointing at its place in the file. */
export function narrativeItems<K extends keyof PackNarrative>(
  section: Section<PackNarrative>,
  key: K,
): Section<PackNarrative[K][number]> {
  const items = section.items.flatMap((file) =>
    file.value[key].map((value, index): Sourced<PackNarrative[K][number]> => ({
      value,
      yaml: file.yaml,
      path: [key, index],
    })),
  );
  return { items, complete: section.complete, files: section.files };
}
