/**
 * RisuAI's lorebook decorators (CCv3 "Decorators"): lines at the very start of an entry's content, `@@name args`, with
 * `@@@name` lines as fallbacks of the one before. They are instructions to the reader, never lore: the text a model
 * sees starts after them. The ones World Info has a setting for map onto it; every line is kept, so nothing is lost.
 */
export interface Decorator {
  readonly name: string;
  readonly args: readonly string[];
  /** The line as written (for the round trip). */
  readonly line: string;
}

export interface Decorated {
  readonly decorators: readonly Decorator[];
  /** The content without its decorator lines. */
  readonly text: string;
}

const DECORATOR_LINE = /^@@@?([a-z_][a-z0-9_]*)(?:\s+(.*))?$/iu;

export function parseDecorators(content: string): Decorated {
  const lines = content.split(/\r?\n/u);
  const decorators: Decorator[] = [];
  let index = 0;
  for (; index < lines.length; index++) {
    const line = (lines[index] ?? '').trim();
    const match = DECORATOR_LINE.exec(line);
    if (match === null) break;
    const [, name = '', rest = ''] = match;
    decorators.push({
      name: name.toLowerCase(),
      args: rest
        .split(',')
        .map((arg) => arg.trim())
        .filter(Boolean),
      line,
    });
  }
  if (decorators.length === 0) return { decorators, text: content };
  return {
    decorators,
    text: lines
      .slice(index)
      .join('\n')
      .replace(/^\s*\n/u, ''),
  };
}

/** The content without its decorator lines (for a reader that does not know them: a V2 card, a prompt). */
export function withoutDecorators(content: string): string {
  return parseDecorators(content).text;
}

/** What the decorators say in World Info's own settings, plus the lines themselves under `decorators`. */
export interface DecoratorSettings {
  readonly settings: Readonly<Record<string, unknown>>;
  /** `@@dont_activate`: never activated by keys. */
  readonly disabled: boolean;
  /** `@@activate` / `@@constant`: always in context. */
  readonly constant: boolean;
}

export function decoratorSettings(decorators: readonly Decorator[]): DecoratorSettings {
  const settings: Record<string, unknown> = {};
  let disabled = false;
  let constant = false;
  for (const { name, args } of decorators) {
    const [first] = args;
    const number = first === undefined ? Number.NaN : Number(first);
    if (name === 'depth' && Number.isFinite(number)) settings.depth = number;
    else if (name === 'role' && first !== undefined) settings.role = first;
    else if (name === 'position' && first !== undefined) settings.position = first;
    else if (name === 'scan_depth' && Number.isFinite(number)) settings.scanDepth = number;
    else if (name === 'probability' && Number.isFinite(number)) {
      settings.probability = number;
      settings.useProbability = true;
    } else if (name === 'dont_activate') disabled = true;
    else if (name === 'activate' || name === 'constant') constant = true;
  }
  if (decorators.length > 0) settings.decorators = decorators.map((decorator) => decorator.line);
  return { settings, disabled, constant };
}
