import { isCollection, isPair, type Document, type LineCounter } from 'yaml';
import type { DiagnosticSink } from './diagnostics.ts';

/**
 * How deep a pack file's maps and lists may nest. Real packs need a dozen levels (a predicate inside a trigger inside
 * a scene); far deeper files only exhaust the stack of everything that walks them, the parser first.
 */
export const MAX_YAML_NESTING = 100;

const TOO_DEEP = `maps and lists are nested too deeply; a pack file may nest at most ${MAX_YAML_NESTING} levels`;

export const isStackOverflow = (message: string): boolean => /Maximum call stack size exceeded/iu.test(message);

/** The parser reports its own stack overflow as an error; the writer is told what is wrong instead. */
export function describeParserError(message: string): string {
  return isStackOverflow(message) ? TOO_DEEP : message;
}

/**
 * Reports the first node nested deeper than MAX_YAML_NESTING; returns false when there is one. Walks with its own
 * stack, so a file deep enough to break recursion is reported rather than crashing the check.
 */
export function checkNesting(
  file: string,
  document: Document.Parsed,
  lines: LineCounter,
  sink: DiagnosticSink,
): boolean {
  const pending: { node: unknown; depth: number }[] = [{ node: document.contents, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { node, depth } = next;
    if (!isCollection(node)) continue;
    if (depth >= MAX_YAML_NESTING) {
      const { line, col } = lines.linePos(node.range?.[0] ?? 0);
      sink.error({ file, line, column: col }, TOO_DEEP);
      return false;
    }
    for (const item of node.items) {
      if (isPair(item)) pending.push({ node: item.key, depth: depth + 1 }, { node: item.value, depth: depth + 1 });
      else pending.push({ node: item, depth: depth + 1 });
    }
  }
  return true;
}
