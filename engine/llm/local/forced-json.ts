import type { GbnfJsonSchema } from 'node-llama-cpp';

/**
 * What a JSON reply's grammar leaves the model no choice about. node-llama-cpp builds the grammar from a
 * `GbnfJsonSchema` (utils/gbnfJson/terminals): every declared property is written, in declaration order, so long runs
 * (`", "intention": "`, a closing brace, the rest of an enum value) are forced. Handing those to the model in one batch
 * spares a decode step per token. The reader mirrors that grammar, accepting a little more where mirroring it exactly
 * would not change what is forced (any indentation after a newline, any whitespace after the value, long numbers).
 */

/** A longer run would only delay the next sampled token. */
const MAX_FORCED = 256;
/** Expansions nest this deep only through a self-referencing `$ref`, which no JSON text can satisfy. */
const MAX_DEPTH = 64;

/** What node-llama-cpp writes for an absent `items` or `additionalProperties: true` (GbnfAnyJson). */
const ANY_VALUE: unknown = {
  oneOf: [
    { type: ['string', 'number', 'boolean', 'null'] },
    { type: 'object', additionalProperties: true },
    { type: 'array' },
  ],
};

/** One expected item of a parse; a thread is a stack of them, the next one on top. */
type Frame = Readonly<
  | { kind: 'lit'; text: string; at: number }
  /** Optional whitespace: nothing, one space, or (where `newline`) a newline and indentation. */
  | { kind: 'ws'; canonical: '' | ' '; newline: boolean }
  /** The model wrote a newline: indentation may follow, the choice is the model's. */
  | { kind: 'indent' }
  | { kind: 'value'; schema: unknown }
  /** Inside a string, after its opening quote; `escape` is -1 after a backslash, else the \u digits still due. */
  | { kind: 'str'; min: number; max: number; length: number; escape: number }
  | { kind: 'num'; fraction: boolean; state: number }
  /** An array's items from the `count`th on, or its end. */
  | { kind: 'items'; prefix: readonly unknown[]; rest: unknown; min: number; max: number; count: number }
  /** An object's `"anykey": value` pairs after the declared fields, or its end. */
  | { kind: 'props'; schema: unknown; first: boolean }
  /** After the root value: the grammar's closing newlines, and whatever whitespace a caller's text adds. */
  | { kind: 'trail' }
>;

/** Immutable and shared: threads that meet again end on the same tail, so identity removes duplicates. */
type Stack = { readonly top: Frame; readonly rest: Stack } | null;

const lit = (text: string): Frame => ({ kind: 'lit', text, at: 0 });
const ws = (canonical: '' | ' ', newline = true): Frame => ({ kind: 'ws', canonical, newline });
const INDENT: Frame = { kind: 'indent' };
const COMMA: readonly Frame[] = [lit(','), ws(' ')];

/** Reads a JSON reply as it grows, against the schema its grammar was built from. */
export class JsonReplyReader {
  readonly #grammar: Grammar;
  #threads: readonly Stack[];
  #forced: string | undefined;

  constructor(schema: GbnfJsonSchema) {
    this.#grammar = grammarOf(schema);
    this.#threads = [push([{ kind: 'value', schema }, { kind: 'trail' }], null)];
  }

  /** Takes the next characters of the reply (the reply is fed incrementally, possibly many chars at once). */
  feed(text: string): void {
    for (const char of text) this.#threads = this.#grammar.advance(this.#threads, char);
    this.#forced = undefined;
  }

  /** The text the schema forces next, up to the next point where the model has a choice ('' when it has one now). */
  forced(): string {
    this.#forced ??= this.#simulate();
    return this.#forced;
  }

  /** True when what was fed is one whole JSON value the schema accepts (nothing more may follow but whitespace). */
  whole(): boolean {
    return this.#threads.some(canEnd);
  }

  #simulate(): string {
    let threads = this.#threads;
    let text = '';
    while (text.length < MAX_FORCED && threads.length > 0) {
      let agreed: string | undefined;
      for (const thread of threads) {
        const char = this.#grammar.nextChar(thread, 0);
        if (char === undefined || (agreed !== undefined && char !== agreed)) return text;
        agreed = char;
      }
      if (agreed === undefined) break;
      text += agreed;
      threads = this.#grammar.advance(threads, agreed);
    }
    return text;
  }
}

/** Convenience: the forced continuation of `text` (e.g. forcedJson(schema, '') is the reply's opening). */
export function forcedJson(schema: GbnfJsonSchema, text: string): string {
  const reader = new JsonReplyReader(schema);
  reader.feed(text);
  return reader.forced();
}

/** A reader per reply, a grammar per schema: expansions are worked out once. */
const grammars = new WeakMap<object, Grammar>();

function grammarOf(schema: GbnfJsonSchema): Grammar {
  const known = grammars.get(schema);
  if (known !== undefined) return known;
  const root: unknown = schema;
  const defs = isRecord(root) ? root['$defs'] : undefined;
  const grammar = new Grammar(isRecord(defs) ? defs : {});
  grammars.set(schema, grammar);
  return grammar;
}

class Grammar {
  readonly #defs: Readonly<Record<string, unknown>>;
  readonly #expansions = new Map<unknown, readonly (readonly Frame[])[]>();

  constructor(defs: Readonly<Record<string, unknown>>) {
    this.#defs = defs;
  }

  advance(threads: readonly Stack[], char: string): readonly Stack[] {
    const next: Stack[] = [];
    for (const thread of threads) this.#step(thread, char, next, 0);
    return next.length < 2 ? next : [...new Set(next)];
  }

  /** The one character this thread can take next; undefined when the model has a choice (or the thread is done). */
  nextChar(stack: Stack, depth: number): string | undefined {
    if (stack === null || depth > MAX_DEPTH) return undefined;
    const { top, rest } = stack;
    switch (top.kind) {
      case 'lit':
        return String.fromCodePoint(top.text.codePointAt(top.at) ?? 0);
      case 'ws':
        return top.canonical === ' ' ? ' ' : this.nextChar(rest, depth + 1);
      case 'str':
        return top.escape === 0 && top.length >= top.max ? '"' : undefined;
      case 'indent':
      case 'num':
      case 'trail':
        return undefined;
      default: {
        let agreed: string | undefined;
        for (const frames of this.#alternatives(top, depth)) {
          const char = this.nextChar(push(frames, rest), depth + 1);
          if (char === undefined || (agreed !== undefined && char !== agreed)) return undefined;
          agreed = char;
        }
        return agreed;
      }
    }
  }

  #step(stack: Stack, char: string, out: Stack[], depth: number): void {
    if (stack === null || depth > MAX_DEPTH) return;
    const { top, rest } = stack;
    switch (top.kind) {
      case 'lit':
        if (!top.text.startsWith(char, top.at)) return;
        out.push(top.at + char.length === top.text.length ? rest : { top: { ...top, at: top.at + char.length }, rest });
        return;
      case 'ws':
        if (char === ' ') out.push(rest);
        else if (char === '\n' && top.newline) out.push({ top: INDENT, rest });
        this.#step(rest, char, out, depth + 1);
        return;
      case 'indent':
        if (char === ' ' || char === '\t') out.push(stack);
        else this.#step(rest, char, out, depth + 1);
        return;
      case 'trail':
        if (' \n\t\r'.includes(char)) out.push(stack);
        return;
      case 'str': {
        const next = stringStep(top, char);
        if (next === 'close') out.push(rest);
        else if (next !== undefined) out.push({ top: next, rest });
        return;
      }
      case 'num': {
        const state = numberStep(top.state, char, top.fraction);
        if (state !== undefined) out.push({ top: { ...top, state }, rest });
        if (NUMBER_ENDS.has(top.state)) this.#step(rest, char, out, depth + 1);
        return;
      }
      default:
        for (const frames of this.#alternatives(top, depth)) this.#step(push(frames, rest), char, out, depth + 1);
    }
  }

  /** The frame sequences an expandable frame may turn into (an empty one: it ends here). */
  #alternatives(frame: Frame, depth: number): readonly (readonly Frame[])[] {
    switch (frame.kind) {
      case 'value':
        return this.#expand(frame.schema, depth);
      case 'items': {
        const { prefix, rest, min, max, count } = frame;
        const more = [
          ...(count > 0 ? COMMA : []),
          { kind: 'value', schema: count < prefix.length ? prefix[count] : rest },
          { ...frame, count: count + 1 },
        ] satisfies Frame[];
        return [...(count >= min ? [[]] : []), ...(count < max ? [more] : [])];
      }
      case 'props': {
        const more = [
          ...(frame.first ? [] : COMMA),
          ...stringFrames(0, Infinity),
          lit(':'),
          ws(' ', false),
          { kind: 'value', schema: frame.schema },
          { ...frame, first: false },
        ] satisfies Frame[];
        return [[], more];
      }
      default:
        return [];
    }
  }

  #expand(schema: unknown, depth: number): readonly (readonly Frame[])[] {
    const known = this.#expansions.get(schema);
    if (known !== undefined) return known;
    if (depth > MAX_DEPTH) return [];
    const expansion = this.#build(isRecord(schema) ? schema : {}, depth);
    this.#expansions.set(schema, expansion);
    return expansion;
  }

  /** In the order node-llama-cpp tests a schema's shape (getGbnfJsonTerminalForGbnfJsonSchema). */
  #build(schema: Readonly<Record<string, unknown>>, depth: number): readonly (readonly Frame[])[] {
    const { $ref, oneOf, type } = schema;
    if (typeof $ref === 'string') {
      const name = $ref.startsWith('#/$defs/') ? $ref.slice('#/$defs/'.length) : undefined;
      return this.#expand((name === undefined ? undefined : this.#defs[name]) ?? ANY_VALUE, depth + 1);
    }
    if (Array.isArray(oneOf)) return oneOf.flatMap((alternative: unknown) => this.#expand(alternative, depth + 1));
    if (schema['const'] !== undefined) return [[lit(literalText(schema['const']))]];
    if (Array.isArray(schema['enum'])) return schema['enum'].map((value: unknown) => [lit(literalText(value))]);
    if (type === 'object') return [objectFrames(schema)];
    if (type === 'array') return [arrayFrames(schema)];
    if (type === 'string') {
      // A date or time format has a grammar of its own; read as a free string, it is simply never forced.
      const min = schema['format'] == null ? count(schema['minLength'], 0) : 0;
      const max = schema['format'] == null ? Math.max(min, count(schema['maxLength'], Infinity)) : Infinity;
      return [stringFrames(min, max)];
    }
    const types: readonly unknown[] = Array.isArray(type) ? type : [type];
    const alternatives: Frame[][] = [];
    if (types.includes('string')) alternatives.push(stringFrames(0, Infinity));
    if (types.includes('number')) alternatives.push([{ kind: 'num', fraction: true, state: 0 }]);
    if (types.includes('integer')) alternatives.push([{ kind: 'num', fraction: false, state: 0 }]);
    if (types.includes('boolean')) alternatives.push([lit('true')], [lit('false')]);
    if (types.includes('null') || alternatives.length === 0) alternatives.push([lit('null')]);
    return alternatives;
  }
}

function objectFrames(schema: Readonly<Record<string, unknown>>): Frame[] {
  const properties = Object.entries(isRecord(schema['properties']) ? schema['properties'] : {});
  const frames: Frame[] = [lit('{'), ws('')];
  properties.forEach(([key, value], index) => {
    if (index > 0) frames.push(...COMMA);
    frames.push(lit(`${literalText(key)}:`), ws(' ', false), { kind: 'value', schema: value });
  });
  const extra = schema['additionalProperties'];
  if (extra != null && extra !== false) {
    frames.push({ kind: 'props', schema: extra === true ? ANY_VALUE : extra, first: properties.length === 0 });
  }
  frames.push(ws(''), lit('}'));
  return frames;
}

function arrayFrames(schema: Readonly<Record<string, unknown>>): Frame[] {
  const prefix: readonly unknown[] = Array.isArray(schema['prefixItems']) ? schema['prefixItems'] : [];
  const min = Math.max(prefix.length, count(schema['minItems'], 0));
  const max = Math.max(min, count(schema['maxItems'], Infinity));
  const rest = schema['items'] ?? ANY_VALUE;
  return [lit('['), ws(''), { kind: 'items', prefix, rest, min, max, count: 0 }, ws(''), lit(']')];
}

function stringFrames(min: number, max: number): Frame[] {
  return [lit('"'), { kind: 'str', min, max, length: 0, escape: 0 }];
}

/** A const or enum value as the grammar spells it (GbnfStringValue escapes only these five). */
function literalText(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value ?? null);
  const escaped = value
    .replaceAll('\\', '\\\\')
    .replaceAll('\t', '\\t')
    .replaceAll('\r', '\\r')
    .replaceAll('\n', '\\n')
    .replaceAll('"', '\\"');
  return `"${escaped}"`;
}

/** GbnfInsideStringChar: no raw quote, backslash or control character; an escape counts as one character. */
function stringStep(frame: Extract<Frame, { kind: 'str' }>, char: string): Frame | 'close' | undefined {
  if (frame.escape === -1) {
    if ('"\\/bfnrt'.includes(char)) return { ...frame, escape: 0 };
    return char === 'u' ? { ...frame, escape: 4 } : undefined;
  }
  if (frame.escape > 0) return /^[0-9a-fA-F]$/u.test(char) ? { ...frame, escape: frame.escape - 1 } : undefined;
  if (char === '"') return frame.length >= frame.min ? 'close' : undefined;
  if (frame.length >= frame.max) return undefined;
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20 || code === 0x7f) return undefined;
  return { ...frame, length: frame.length + 1, escape: char === '\\' ? -1 : 0 };
}

/**
 * GbnfNumber as a state machine: per state, where '-', '0', another digit, '.', 'e' (or 'E') and '+' lead (-1:
 * nowhere). States: 0 start, 1 after '-', 2 a leading zero, 3 integer digits, 4 after '.', 5 fraction digits, 6 after
 * 'e', 7 after its sign, 8 an exponent of zero, 9 exponent digits. The grammar's 16-digit caps are left out: numbers
 * are never forced, so accepting longer ones changes nothing.
 */
const NUMBER_MOVES: readonly (readonly number[])[] = [
  [1, 2, 3, -1, -1, -1],
  [-1, 2, 3, -1, -1, -1],
  [-1, -1, -1, 4, 6, -1],
  [-1, 3, 3, 4, 6, -1],
  [-1, 5, 5, -1, -1, -1],
  [-1, 5, 5, -1, 6, -1],
  [7, 8, 9, -1, -1, 7],
  [-1, 8, 9, -1, -1, -1],
  [-1, -1, -1, -1, -1, -1],
  [-1, 9, 9, -1, -1, -1],
];
const NUMBER_ENDS: ReadonlySet<number> = new Set([2, 3, 5, 8, 9]);

function numberStep(state: number, char: string, fraction: boolean): number | undefined {
  if (char === '.' && !fraction) return undefined;
  const column = /^[1-9]$/u.test(char) ? 2 : ['-', '0', '', '.', 'e', '+'].indexOf(char === 'E' ? 'e' : char);
  const next = NUMBER_MOVES[state]?.[column] ?? -1;
  return next < 0 ? undefined : next;
}

/** Nothing but whitespace (or more digits of a number that may end here) is left before the end. */
function canEnd(stack: Stack): boolean {
  for (let at = stack; at !== null; at = at.rest) {
    const { top } = at;
    if (top.kind === 'num' ? !NUMBER_ENDS.has(top.state) : !['ws', 'indent', 'trail'].includes(top.kind)) return false;
  }
  return true;
}

function push(frames: readonly Frame[], rest: Stack): Stack {
  let stack = rest;
  for (let index = frames.length - 1; index >= 0; index--) {
    const top = frames[index];
    if (top !== undefined) stack = { top, rest: stack };
  }
  return stack;
}

function count(value: unknown, fallback: number): number {
  return typeof value === 'number' && value >= 0 ? Math.floor(value) : fallback;
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
