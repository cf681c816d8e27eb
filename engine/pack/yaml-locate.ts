import { isAlias, isMap, isNode, isScalar, isSeq, type Node } from 'yaml';
import type { SourcePosition } from './diagnostics.ts';
import type { YamlFile } from './yaml-file.ts';

export type DataPath = readonly PropertyKey[];

/**
 * Where a data path sits in the file. `key` points at the key of the last step (`chattiness:`), `value` at its value;
 * list items have no key, so both point at the item. A path the file does not contain (a missing key) falls back to
 * the nearest node that exists, usually the map that should have held it.
 */
export function positionAt(yaml: YamlFile, path: DataPath, target: 'key' | 'value' = 'key'): SourcePosition {
  let node: unknown = yaml.document.contents;
  let found: unknown = node;
  for (const [index, step] of path.entries()) {
    const last = index === path.length - 1;
    const next = childOf(resolve(yaml, node), step);
    if (next === null) break;
    found = last && target === 'key' && next.key !== null ? next.key : next.value;
    node = next.value;
  }
  return { file: yaml.file, ...offsetToPosition(yaml, startOf(found)) };
}

/** The source text of the plain scalar at `path`, if that is what is there. */
export function scalarSourceAt(yaml: YamlFile, path: DataPath): string | undefined {
  let node: unknown = yaml.document.contents;
  for (const step of path) {
    const next = childOf(resolve(yaml, node), step);
    if (next === null) return undefined;
    node = next.value;
  }
  return isScalar(node) && typeof node.source === 'string' ? node.source : undefined;
}

interface Child {
  readonly key: unknown;
  readonly value: unknown;
}

function childOf(node: unknown, step: PropertyKey): Child | null {
  if (isMap(node)) {
    const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(step));
    // `key:` with nothing after it has a null value; point at the key then.
    return pair ? { key: pair.key, value: pair.value ?? pair.key } : null;
  }
  if (isSeq(node) && typeof step === 'number') {
    const item: unknown = node.items[step];
    return item === undefined ? null : { key: null, value: item };
  }
  return null;
}

function resolve(yaml: YamlFile, node: unknown): unknown {
  return isAlias(node) ? node.resolve(yaml.document) : node;
}

function startOf(node: unknown): number {
  return isNode(node) ? ((node satisfies Node).range?.[0] ?? 0) : 0;
}

function offsetToPosition(yaml: YamlFile, offset: number): { line: number; column: number } {
  const { line, col } = yaml.lines.linePos(offset);
  return { line, column: col };
}
