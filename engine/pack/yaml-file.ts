import { LineCounter, parseDocument, type Document } from 'yaml';
import type { DiagnosticSink } from './diagnostics.ts';
import { checkNesting, describeParserError } from './yaml-depth.ts';
import { reportYamlProblems } from './yaml-syntax.ts';
import { errorMessage } from '../api/index.ts';

/** A parsed YAML file of the pack, kept with its document so later checks can point at any node. */
export interface YamlFile {
  /** Relative to the pack folder. */
  readonly file: string;
  readonly document: Document.Parsed;
  readonly lines: LineCounter;
  /** The plain data, or undefined when the YAML itself is broken. */
  readonly data: unknown;
}

/** Aliases let a tiny file expand into a huge one ("billion laughs"); packs have no need for many. */
const MAX_ALIAS_EXPANSIONS = 100;

/** Parses one file; syntax errors are reported with their positions and leave `data` undefined. */
export function parseYamlFile(file: string, text: string, sink: DiagnosticSink): YamlFile {
  const lines = new LineCounter();
  // YAML 1.2 core schema: `no` stays a string and `1723-05-14` stays text, as a writer expects.
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: true, version: '1.2' });
  const syntaxOk = reportYamlProblems(file, text, document, lines, sink);
  if (!syntaxOk || !checkNesting(file, document, lines, sink)) return { file, document, lines, data: undefined };
  try {
    return { file, document, lines, data: document.toJS({ maxAliasCount: MAX_ALIAS_EXPANSIONS }) };
  } catch (error) {
    sink.error({ file, line: 1, column: 1 }, `cannot read the YAML: ${describeParserError(errorMessage(error))}`);
    return { file, document, lines, data: undefined };
  }
}
