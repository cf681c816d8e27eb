import type { z } from 'zod';
import type { DiagnosticSink } from './diagnostics.ts';
import { readPackText } from './pack-read.ts';
import type { PackTree } from './pack-tree.ts';
import { validateYaml } from './validate-yaml.ts';
import { parseYamlFile, type YamlFile } from './yaml-file.ts';
import type { DataPath } from './yaml-locate.ts';

/** A loaded item with where it came from, so cross-file checks can point at it. */
export interface Sourced<T> {
  readonly value: T;
  readonly yaml: YamlFile;
  /** The item's path inside its file ([] for a one-item file, [i] for the i-th of a list). */
  readonly path: DataPath;
}

/** The items of one kind. `complete` is false when one of its files had errors: checks against it would mislead. */
export interface Section<T> {
  readonly items: readonly Sourced<T>[];
  readonly complete: boolean;
  /** The files that held this kind; empty when the pack has none. */
  readonly files: readonly string[];
}

export async function readYaml(tree: PackTree, file: string, sink: DiagnosticSink): Promise<YamlFile | null> {
  const text = await readPackText(tree, file, sink);
  return text === null ? null : parseYamlFile(file, text, sink);
}

/** A file holding one object (story.yaml, characters/<id>.yaml). */
export async function loadOne<Schema extends z.ZodType>(
  tree: PackTree,
  file: string,
  schema: Schema,
  sink: DiagnosticSink,
): Promise<Section<z.output<Schema>>> {
  if (!tree.files.has(file)) return { items: [], complete: true, files: [] };
  const yaml = await readYaml(tree, file, sink);
  const value = yaml === null ? null : validateYaml(yaml, schema, sink);
  return yaml === null || value === null
    ? { items: [], complete: false, files: [file] }
    : { items: [{ value, yaml, path: [] }], complete: true, files: [file] };
}

/** A file holding a list of objects (personas.yaml, locations.yaml …). A missing file is an empty list. */
export async function loadList<Item extends z.ZodType>(
  tree: PackTree,
  file: string,
  schema: z.ZodArray<Item>,
  sink: DiagnosticSink,
): Promise<Section<z.output<Item>>> {
  if (!tree.files.has(file)) return { items: [], complete: true, files: [] };
  const yaml = await readYaml(tree, file, sink);
  const values = yaml === null ? null : validateYaml(yaml, schema, sink, { emptyMeans: [] });
  if (yaml === null || values === null) return { items: [], complete: false, files: [file] };
  return { items: values.map((value, index) => ({ value, yaml, path: [index] })), complete: true, files: [file] };
}

export function mergeSections<T>(sections: readonly Section<T>[]): Section<T> {
  return {
    items: sections.flatMap((section) => section.items),
    complete: sections.every((section) => section.complete),
    files: sections.flatMap((section) => section.files),
  };
}

/** The files directly inside `folder` whose names end in `extension`, in a stable order. */
export function filesIn(tree: PackTree, folder: string, extension: string): string[] {
  return [...tree.files.keys()].filter((file) => {
    const rest = file.startsWith(`${folder}/`) ? file.slice(folder.length + 1) : null;
    return rest !== null && !rest.includes('/') && rest.endsWith(extension);
  });
}
