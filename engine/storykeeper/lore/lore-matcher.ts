import { buildKeyAutomaton, type AutomatonKey, type KeyAutomaton } from './key-automaton.ts';

/** How secondary keys narrow an entry whose primary key matched (SillyTavern's selectiveLogic). */
export type SelectiveLogic = 'and_any' | 'and_all' | 'not_any' | 'not_all';

/** A lorebook entry as activation reads it: the pack's lore entries and learned lore both fit. */
export interface MatchableLore {
  readonly id: string;
  /** Primary keys: any one of them activates the entry (subject to the secondary keys). */
  readonly keys: readonly string[];
  readonly secondaryKeys: readonly string[];
  readonly selectiveLogic: SelectiveLogic;
  readonly content: string;
  readonly audience: string;
  readonly constant: boolean;
  readonly disabled: boolean;
  readonly order: number;
  readonly caseSensitive?: boolean | undefined;
  readonly wholeWords?: boolean | undefined;
}

/** The lorebook-wide defaults an entry's own settings override (SillyTavern's World Info settings). */
export interface MatchDefaults {
  readonly caseSensitive: boolean;
  readonly wholeWords: boolean;
}

/** Where a compiled key came from. */
interface KeyRef {
  readonly entry: number;
  readonly secondary: boolean;
  readonly text: string;
}

/** A lorebook compiled for activation: built once, then matched against any text many times. */
export interface LoreMatcher {
  readonly entries: readonly MatchableLore[];
  readonly keys: readonly KeyRef[];
  readonly automata: readonly { readonly lower: boolean; readonly automaton: KeyAutomaton; readonly ids: number[] }[];
  /** Keys written `/pattern/flags`, tested one by one. */
  readonly patterns: readonly { readonly key: number; readonly pattern: RegExp }[];
  readonly constants: readonly number[];
  /** Secondary key ids of each entry. */
  readonly secondary: readonly (readonly number[])[];
  /** The keys an entry's own text contains (what it activates by recursion), found once and remembered. */
  contentKeys(entry: number): readonly number[];
}

const REGEX_KEY = /^\/(.+)\/([dgimsuvy]*)$/su;

/** Compiles the enabled entries of a lorebook; disabled ones are left out for good. */
export function compileLore(entries: readonly MatchableLore[], defaults: MatchDefaults): LoreMatcher {
  const enabled = entries.filter((entry) => !entry.disabled);
  const keys: KeyRef[] = [];
  const lower: AutomatonKey[] = [];
  const lowerIds: number[] = [];
  const exact: AutomatonKey[] = [];
  const exactIds: number[] = [];
  const patterns: { key: number; pattern: RegExp }[] = [];
  const secondary: number[][] = [];
  enabled.forEach((entry, index) => {
    const caseSensitive = entry.caseSensitive ?? defaults.caseSensitive;
    const wholeWord = entry.wholeWords ?? defaults.wholeWords;
    const add = (text: string, isSecondary: boolean): number | null => {
      const trimmed = text.trim();
      if (trimmed === '') return null;
      const id = keys.length;
      keys.push({ entry: index, secondary: isSecondary, text: trimmed });
      const regex = regexKey(trimmed);
      if (regex !== null) patterns.push({ key: id, pattern: regex });
      else if (caseSensitive) {
        exact.push({ text: trimmed, wholeWord });
        exactIds.push(id);
      } else {
        lower.push({ text: trimmed.toLowerCase(), wholeWord });
        lowerIds.push(id);
      }
      return id;
    };
    for (const key of entry.keys) add(key, false);
    secondary.push(entry.secondaryKeys.map((key) => add(key, true)).filter((id) => id !== null));
  });
  // An automaton with no keys would still walk every character: leave it out.
  const automata = [
    ...(lower.length === 0 ? [] : [{ lower: true, automaton: buildKeyAutomaton(lower), ids: lowerIds }]),
    ...(exact.length === 0 ? [] : [{ lower: false, automaton: buildKeyAutomaton(exact), ids: exactIds }]),
  ];
  const found = new Map<number, readonly number[]>();
  const contentKeys = (entry: number): readonly number[] => {
    const known = found.get(entry);
    if (known !== undefined) return known;
    const text = enabled[entry]?.content ?? '';
    const ids = new Set<number>();
    for (const { lower: isLower, automaton, ids: keyIds } of automata)
      automaton.scan(isLower ? text.toLowerCase() : text, (key) => ids.add(keyIds[key] ?? -1));
    for (const { key, pattern } of patterns) if (pattern.test(text)) ids.add(key);
    const list = [...ids];
    found.set(entry, list);
    return list;
  };
  return {
    entries: enabled,
    keys,
    automata,
    patterns,
    contentKeys,
    constants: enabled.flatMap((entry, index) => (entry.constant ? [index] : [])),
    secondary,
  };
}

/** `/pattern/flags` as a RegExp (without the stateful g and y flags); null for a plain key or a broken pattern. */
function regexKey(key: string): RegExp | null {
  const match = REGEX_KEY.exec(key);
  if (match === null) return null;
  try {
    return new RegExp(match[1] ?? '', (match[2] ?? '').replace(/[gy]/gu, ''));
  } catch {
    return null;
  }
}
