/**
 * Reads a beat script's JSON as the Narrator writes it and hands out the text of its leading narration beats while
 * they are still being written: `{"beats": [{"type": "narration", "content": "…"}, …`. Only narration beats before
 * the first cue qualify (a cue's spoken line must come between what precedes and what follows it), and only when the
 * beat said `"type": "narration"` before its content (grammars and servers keep the schema's key order; a reply that
 * does not is simply not streamed). Strings arrive decoded, JSON escapes included.
 */
export interface LeadingNarrationListener {
  /** More of leading narration beat `index`'s content, decoded. */
  text(index: number, chunk: string): void;
}

type Frame =
  { readonly kind: 'object'; key: string | null; type: string | null } | { readonly kind: 'array'; index: number };

type Mode = 'value' | 'key' | 'colon' | 'after' | 'string' | 'literal';

const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

export function leadingNarrationScanner(listener: LeadingNarrationListener): (delta: string) => void {
  const stack: Frame[] = [];
  let mode: Mode = 'value';
  let stringIsKey = false;
  let stringText = '';
  let escape: string | null = null;
  let highSurrogate = '';
  // Beats are leading narration up to (not including) the first that is not.
  let leading = true;
  let streamingBeat: number | null = null;

  const top = (): Frame | undefined => stack.at(-1);
  /** The beats array's element object being read, when the scanner is directly inside one. */
  const beatObject = (): { frame: Extract<Frame, { kind: 'object' }>; index: number } | null => {
    const [root, beats, beat] = stack;
    if (stack.length !== 3 || root?.kind !== 'object' || root.key !== 'beats') return null;
    if (beats?.kind !== 'array' || beat?.kind !== 'object') return null;
    return { frame: beat, index: beats.index };
  };

  const emit = (chunk: string): void => {
    if (streamingBeat !== null && chunk !== '') listener.text(streamingBeat, chunk);
  };

  const startString = (isKey: boolean): void => {
    mode = 'string';
    stringIsKey = isKey;
    stringText = '';
    const beat = isKey ? null : beatObject();
    streamingBeat =
      beat !== null && leading && beat.frame.key === 'content' && beat.frame.type === 'narration' ? beat.index : null;
  };

  const endString = (): void => {
    const frame = top();
    if (stringIsKey) {
      if (frame?.kind === 'object') frame.key = stringText;
      mode = 'colon';
      return;
    }
    const beat = beatObject();
    if (beat !== null && beat.frame.key === 'type') {
      beat.frame.type = stringText;
      if (stringText !== 'narration') leading = false;
    }
    streamingBeat = null;
    mode = 'after';
  };

  const closeBeat = (): void => {
    // A beat object ends: one that never said it was narration ends the leading run too.
    const beat = beatObject();
    if (beat !== null && beat.frame.type !== 'narration') leading = false;
  };

  const stringChar = (char: string): void => {
    if (escape !== null) {
      escape += char;
      if (escape.startsWith('u')) {
        if (escape.length < 5) return;
        const unit = String.fromCharCode(Number.parseInt(escape.slice(1), 16));
        escape = null;
        if (/[\uD800-\uDBFF]/u.test(unit)) {
          highSurrogate = unit;
          return;
        }
        append(highSurrogate + unit);
        highSurrogate = '';
        return;
      }
      const decoded = ESCAPES[escape] ?? escape;
      escape = null;
      append(decoded);
      return;
    }
    if (char === '\\') escape = '';
    else if (char === '"') endString();
    else append(char);
  };

  const append = (text: string): void => {
    stringText += text;
    emit(text);
  };

  const valueStart = (char: string): void => {
    if (char === '{') {
      stack.push({ kind: 'object', key: null, type: null });
      mode = 'key';
    } else if (char === '[') {
      stack.push({ kind: 'array', index: 0 });
      mode = 'value';
    } else if (char === '"') startString(false);
    else if (char === ']' && top()?.kind === 'array') {
      stack.pop();
      mode = 'after';
    } else if (!/\s/u.test(char)) mode = 'literal';
  };

  const afterValue = (char: string): void => {
    const frame = top();
    if (char === ',') {
      if (frame?.kind === 'array') {
        frame.index++;
        mode = 'value';
      } else mode = 'key';
    } else if (char === '}' || char === ']') {
      if (char === '}') closeBeat();
      stack.pop();
      mode = 'after';
    }
  };

  return (delta) => {
    for (const char of delta) {
      switch (mode) {
        case 'string':
          stringChar(char);
          break;
        case 'value':
          valueStart(char);
          break;
        case 'key':
          if (char === '"') startString(true);
          else if (char === '}') afterValue(char);
          break;
        case 'colon':
          if (char === ':') mode = 'value';
          break;
        case 'literal':
          if (char === ',' || char === '}' || char === ']') afterValue(char);
          break;
        case 'after':
          afterValue(char);
          break;
      }
    }
  };
}
