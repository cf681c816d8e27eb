/**
 * Out-of-character commands. They steer the session and never enter the stream.
 */
export type OocCommand =
  | { readonly kind: 'undo' }
  | { readonly kind: 'retry' }
  | { readonly kind: 'end_scene' }
  | { readonly kind: 'skip'; readonly duration: string; readonly minutes: number }
  | { readonly kind: 'whisper'; readonly target: string; readonly intention: string }
  | { readonly kind: 'auto' }
  | { readonly kind: 'help' };

export const OOC_COMMANDS: readonly { readonly name: string; readonly usage: string; readonly summary: string }[] = [
  { name: '/undo', usage: '/undo', summary: 'Go back one turn (the save forks; nothing is erased)' },
  { name: '/retry', usage: '/retry', summary: 'Play the last turn again' },
  { name: '/end scene', usage: '/end scene', summary: 'Close the current scene' },
  { name: '/skip', usage: '/skip <duration>', summary: 'Let time pass: /skip 2h, /skip 30m, /skip 1d' },
  {
    name: '/whisper',
    usage: '/whisper <character> <intention>',
    summary: 'An intention meant for one character alone',
  },
  { name: '/auto', usage: '/auto', summary: 'Let your persona decide this turn (auto-play)' },
  { name: '/help', usage: '/help', summary: 'List these commands' },
];

export type ParsedInput =
  | { readonly kind: 'command'; readonly command: OocCommand }
  | { readonly kind: 'intention'; readonly intention: string; readonly thought: string | null }
  | { readonly kind: 'invalid'; readonly message: string };

/** Reads what the player typed: a /command, or an intention (with an optional thought given separately). */
export function parseInput(text: string, thought: string | null = null): ParsedInput {
  const trimmed = text.trim();
  if (!trimmed.startsWith('/')) {
    if (trimmed.length === 0) return { kind: 'invalid', message: 'Write what your character intends to do.' };
    return { kind: 'intention', intention: trimmed, thought: thought?.trim() || null };
  }
  const [name = '', ...rest] = trimmed.slice(1).split(/\s+/u);
  const argument = rest.join(' ');
  switch (name.toLowerCase()) {
    case 'undo':
      return { kind: 'command', command: { kind: 'undo' } };
    case 'retry':
      return { kind: 'command', command: { kind: 'retry' } };
    case 'end':
      return argument.toLowerCase() === 'scene'
        ? { kind: 'command', command: { kind: 'end_scene' } }
        : { kind: 'invalid', message: 'Did you mean /end scene?' };
    case 'skip': {
      const minutes = parseDuration(argument);
      return minutes === null
        ? { kind: 'invalid', message: `"/skip ${argument}": give a duration such as 30m, 2h or 1d.` }
        : { kind: 'command', command: { kind: 'skip', duration: argument, minutes } };
    }
    case 'whisper': {
      const [target = '', ...words] = rest;
      return target && words.length > 0
        ? { kind: 'command', command: { kind: 'whisper', target, intention: words.join(' ') } }
        : { kind: 'invalid', message: 'Usage: /whisper <character> <intention>' };
    }
    case 'auto':
      return { kind: 'command', command: { kind: 'auto' } };
    case 'help':
      return { kind: 'command', command: { kind: 'help' } };
    default:
      return { kind: 'invalid', message: `Unknown command /${name}. Type /help for the list.` };
  }
}

/** "30m", "2h", "1d", "1h30m", "90 minutes", "2 hours" → minutes. */
export function parseDuration(text: string): number | null {
  const normalized = text.trim().toLowerCase().replace(/\s+/gu, '');
  const pattern = /(\d+)(days?|d|hours?|hrs?|h|minutes?|mins?|m)/gu;
  let total = 0;
  let consumed = '';
  for (const match of normalized.matchAll(pattern)) {
    const value = Number(match[1]);
    const unit = match[2] ?? 'm';
    total += unit.startsWith('d') ? value * 1440 : unit.startsWith('h') ? value * 60 : value;
    consumed += match[0];
  }
  return consumed.length > 0 && consumed === normalized && total > 0 ? total : null;
}
