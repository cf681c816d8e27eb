import { readFile } from 'node:fs/promises';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { z } from 'zod';
import { LlmError } from '../types.ts';
import { scriptEntrySchema, type LocatedEntry } from './fixture-schema.ts';
import { errorMessage } from '../../api/index.ts';

/** Reads and validates a script file; every problem is reported as `file:line:col: message` in one LlmError('config'). */
export async function loadScript(file: string): Promise<LocatedEntry[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason = errorMessage(error);
    throw new LlmError('config', `cannot read the script ${file}: ${reason}`);
  }
  return parseScript(text, file);
}

/** Parses script YAML; `file` only names the source in locations and diagnostics. */
export function parseScript(text: string, file: string): LocatedEntry[] {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const at = (offset: number): string => {
    const { line, col } = lines.linePos(offset);
    return `${file}:${line}:${col}`;
  };
  const problems = doc.errors.map((error) => `${at(error.pos[0])}: ${error.message}`);
  if (problems.length > 0) throw invalidScript(file, problems);
  if (doc.contents === null) return [];
  if (!isSeq(doc.contents))
    throw invalidScript(file, [`${at(doc.contents.range[0])}: a script is a list of entries (- stage: …)`]);

  const items: unknown = doc.toJS();
  const entries: LocatedEntry[] = [];
  (Array.isArray(items) ? items : []).forEach((item: unknown, index) => {
    const location = at(nodeAt(doc, [index])?.range?.[0] ?? 0);
    const parsed = scriptEntrySchema.safeParse(item);
    if (parsed.success) entries.push({ entry: parsed.data, location });
    else
      for (const issue of parsed.error.issues)
        problems.push(`${at(issueOffset(doc, index, issue))}: ${describeIssue(issue)}`);
  });
  if (problems.length > 0) throw invalidScript(file, problems);
  return entries;
}

/** The issue's message, led by the field it is about (`delayMs: Too small…`). */
function describeIssue(issue: z.core.$ZodIssue): string {
  return issue.path.length === 0 ? issue.message : `${issue.path.map(String).join('.')}: ${issue.message}`;
}

/** Where to point for one zod issue: the value at fault, the unknown key, or the entry missing something. */
function issueOffset(doc: Document, index: number, issue: z.core.$ZodIssue): number {
  const path = [index, ...issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment))];
  if (issue.code === 'unrecognized_keys') {
    const owner = nodeAt(doc, path);
    const unknownKey = issue.keys[0];
    const pair = isMap(owner)
      ? owner.items.find((item) => isScalar(item.key) && item.key.value === unknownKey)
      : undefined;
    if (pair !== undefined && isScalar(pair.key) && pair.key.range) return pair.key.range[0];
  }
  for (let depth = path.length; depth > 0; depth -= 1) {
    const node = nodeAt(doc, path.slice(0, depth));
    if (node?.range) return node.range[0];
  }
  return 0;
}

function nodeAt(doc: Document, path: readonly (string | number)[]): Node | undefined {
  const found: unknown = doc.getIn(path, true);
  return isScalar(found) || isMap(found) || isSeq(found) ? found : undefined;
}

function invalidScript(file: string, problems: readonly string[]): LlmError {
  return new LlmError('config', `the script ${file} is invalid:\n${problems.join('\n')}`);
}

/** Validates entries given in code (tests); locations are `entries[i]`. */
export function checkEntries(inputs: readonly unknown[]): LocatedEntry[] {
  const problems: string[] = [];
  const entries: LocatedEntry[] = [];
  inputs.forEach((input, index) => {
    const location = `entries[${index}]`;
    const parsed = scriptEntrySchema.safeParse(input);
    if (parsed.success) entries.push({ entry: parsed.data, location });
    else for (const issue of parsed.error.issues) problems.push(`${location}: ${describeIssue(issue)}`);
  });
  if (problems.length > 0) throw new LlmError('config', `the scripted entries are invalid:\n${problems.join('\n')}`);
  return entries;
}
