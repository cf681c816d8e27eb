/**
 * The macros of character cards and lorebooks (`{{char}}`, `{{user}}` …), replaced in pack text before it reaches a
 * model. The V2/V3 card specs say applications MUST replace `{{char}}` (the character's nickname, else its name) and
 * `{{user}}` (the player's persona); the others are the ones players commonly write. Matching ignores case, as the
 * readers players use do (`{{User}}` is common in real cards). An unknown `{{…}}` is left as written.
 */
export interface MacroValues {
  /** The character the text is about: its nickname, else its name. */
  readonly char: string;
  /** The player's persona name. */
  readonly user: string;
  /** In-world time and date ("21:40", "14 May 1723"); absent: left as written, for a later pass that knows them. */
  readonly time?: string;
  readonly date?: string;
  /**
   * What `{{original}}` stands for: the text a card's own instructions replace. Storyloom keeps its own instructions
   * and adds the card's after them, so it is empty unless a caller has something to put there.
   */
  readonly original?: string;
}

/** `{{char}}`, `{{user}}` and the old TavernAI `<BOT>` / `<USER>` spellings, and the others of MacroValues. */
const MACRO = /\{\{\s*(char|user|time|date|original)\s*\}\}|<(BOT|USER)>/giu;

export function expandMacros(text: string, values: MacroValues): string {
  if (!text.includes('{{') && !text.includes('<')) return text;
  return text.replace(MACRO, (whole, name: string | undefined, legacy: string | undefined) => {
    switch ((name ?? legacy ?? '').toLowerCase()) {
      case 'char':
      case 'bot':
        return values.char;
      case 'user':
        return values.user;
      case 'time':
        return values.time ?? whole;
      case 'date':
        return values.date ?? whole;
      case 'original':
        return values.original ?? '';
      default:
        return whole;
    }
  });
}

/** True when the text still holds a macro expandMacros knows (the leak tests use it on whole prompts). */
export function hasMacros(text: string): boolean {
  return new RegExp(MACRO.source, 'iu').test(text);
}
