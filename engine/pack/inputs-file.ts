import { readFile } from 'node:fs/promises';

export interface ScriptedInput {
  readonly text: string;
  readonly thought: string | null;
}

export interface InputsFile {
  readonly inputs: readonly ScriptedInput[];
  /** `@seed N`: the save's dice, so a scripted playthrough replays the same NPC activations. */
  readonly seed?: number;
  /** `@persona ID`: who the player plays. */
  readonly persona?: string;
}

/**
 * `--inputs FILE`: one turn per line. A line starting with `~` is a private thought for the next turn; `@seed N` and
 * `@persona ID` set up the save; blank lines and lines starting with `#` are skipped.
 */
export async function readInputsFile(file: string): Promise<InputsFile> {
  return parseInputsFile(await readFile(file, 'utf8'), file);
}

export function parseInputsFile(text: string, source = 'inputs'): InputsFile {
  let seed: number | undefined;
  let persona: string | undefined;
  const body: string[] = [];
  text.split(/\r?\n/u).forEach((raw, index) => {
    const directive = /^@(\w+)\s+(.+)$/u.exec(raw.trim());
    if (directive === null) return void body.push(raw);
    const [, name, value = ''] = directive;
    if (name === 'seed' && /^\d+$/u.test(value)) seed = Number(value);
    else if (name === 'persona') persona = value.trim();
    else throw new Error(`${source}:${index + 1}: unknown directive "@${name} ${value}" (use @seed N or @persona ID)`);
    body.push('');
  });
  return {
    inputs: parseInputs(body.join('\n')),
    ...(seed === undefined ? {} : { seed }),
    ...(persona === undefined ? {} : { persona }),
  };
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
