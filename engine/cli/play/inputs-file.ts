import { readFile } from 'node:fs/promises';

export interface ScriptedInput {
  readonly text: string;
  readonly thought: string | null;
}

/**
 * `--inputs FILE`: one turn per line. A line starting with `~` is a private thought for the next turn; blank lines
 * and lines starting with `#` are skipped.
 */
export async function readInputsFile(file: string): Promise<ScriptedInput[]> {
  return parseInputs(await readFile(file, 'utf8'));
}

export function parseInputs(text: string): ScriptedInput[] {
  const inputs: ScriptedInput[] = [];
  let thought: string | null = null;
  for (const raw of text.split(/\r?\n/u)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('~')) {
      thought = line.slice(1).trim() || null;
      continue;
    }
    inputs.push({ text: line, thought });
    thought = null;
  }
  return inputs;
}
