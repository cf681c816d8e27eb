import type { z } from 'zod';
import type { DiagnosticSink } from './diagnostics.ts';
import { describeIssue, formatPath, isMissingKey, valueAt } from './issue-messages.ts';
import { keysAt } from './schema-keys.ts';
import { didYouMean } from './suggest.ts';
import type { YamlFile } from './yaml-file.ts';
import { positionAt, scalarSourceAt, type DataPath } from './yaml-locate.ts';

/**
 * Checks a parsed file against its schema and reports every issue at its node. Unknown keys are warnings: they are
 * reported at the key and dropped, and the file still loads. Returns the parsed value, or null when it has errors.
 */
export function validateYaml<Schema extends z.ZodType>(
  yaml: YamlFile,
  schema: Schema,
  sink: DiagnosticSink,
  options: { readonly emptyMeans?: unknown } = {},
): z.output<Schema> | null {
  if (yaml.data === undefined) return null;
  // A list file holding only comments is an empty list; an empty story.yaml is a mistake.
  const data: unknown = yaml.data === null ? options.emptyMeans : yaml.data;
  if (data === undefined) {
    sink.error(positionAt(yaml, []), 'the file is empty');
    return null;
  }
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  let errors = 0;
  const unknownKeys: { path: DataPath; key: string }[] = [];
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) unknownKeys.push({ path: issue.path, key });
      continue;
    }
    errors++;
    // A missing key points at the map that should hold it; a wrong value at its key (the line a writer scans for).
    const at = positionAt(yaml, isMissingKey(issue, data) ? issue.path.slice(0, -1) : issue.path);
    sink.error(at, describeIssue(issue, data, scalarSourceAt(yaml, issue.path)));
  }
  for (const { path, key } of unknownKeys) {
    // Inside a list item the position says enough; `in [0]` would only add noise.
    const where = path.some((step) => typeof step === 'string') ? formatPath(path) : '';
    const message = `unknown key "${key}"${where ? ` in ${where}` : ''} is ignored${didYouMean(key, keysAt(schema, path))}`;
    sink.warning(positionAt(yaml, [...path, key]), message);
  }
  if (errors > 0) return null;
  const reparsed = schema.safeParse(withoutKeys(data, unknownKeys));
  if (reparsed.success) return reparsed.data;
  sink.error(positionAt(yaml, []), `cannot read the file: ${reparsed.error.message}`);
  return null;
}

function withoutKeys(data: unknown, keys: readonly { path: DataPath; key: string }[]): unknown {
  const copy = structuredClone(data);
  for (const { path, key } of keys) {
    const holder = valueAt(copy, path);
    if (typeof holder === 'object' && holder !== null) Reflect.deleteProperty(holder, key);
  }
  return copy;
}
