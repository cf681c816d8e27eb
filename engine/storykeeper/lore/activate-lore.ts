import type { LoreMatcher, MatchableLore } from './lore-matcher.ts';

/** Why an entry is in: always (constant), or a key found in the scanned messages or in another entry's text. */
export type ActivationReason =
  | { readonly kind: 'constant' }
  | {
      readonly kind: 'key';
      /** The primary key that matched. */
      readonly key: string;
      /** The secondary keys found (for AND ANY / AND ALL: the ones that let it through). */
      readonly secondary: readonly string[];
      /** 0 when found in the messages; n when found in the text of an entry activated at depth n − 1. */
      readonly depth: number;
    };

export interface LoreActivation {
  readonly entry: MatchableLore;
  readonly reason: ActivationReason;
}

export interface ActivationOptions {
  /** How many of the most recent messages are scanned. */
  readonly scanDepth: number;
  /** How many times an activated entry's text may activate others (0: never). */
  readonly recursionDepth: number;
  /** Entries for other audiences are neither activated nor scanned: a principal sees only its own lore. */
  readonly audiences: ReadonlySet<string>;
}

/**
 * SillyTavern World Info activation over the messages a principal saw (oldest first): an entry is active when it is
 * constant, or when one of its keys is in the last `scanDepth` messages and its secondary keys agree with its selective
 * logic. Active entries' text is scanned in turn, up to `recursionDepth` times. Ordered by insertion order.
 */
export function activateLore(
  matcher: LoreMatcher,
  messages: readonly string[],
  options: ActivationOptions,
): LoreActivation[] {
  const { entries, keys, secondary } = matcher;
  const hit = new Uint8Array(keys.length);
  const firstKey = new Int32Array(entries.length).fill(-1);
  const state = new Uint8Array(entries.length); // 0 untouched, 1 a primary key hit, 2 active
  const touched: number[] = [];
  const allowed = (index: number) => options.audiences.has(entries[index]?.audience ?? '');
  const mark = (id: number) => {
    if (hit[id] === 1) return;
    hit[id] = 1;
    const key = keys[id];
    if (key === undefined || key.secondary || state[key.entry] !== 0 || !allowed(key.entry)) return;
    state[key.entry] = 1;
    firstKey[key.entry] = id;
    touched.push(key.entry);
  };
  const scan = (text: string) => {
    if (text === '') return;
    let lower: string | null = null;
    for (const { lower: isLower, automaton, ids } of matcher.automata)
      automaton.scan(isLower ? (lower ??= text.toLowerCase()) : text, (key) => mark(ids[key] ?? -1));
    for (const { key, pattern } of matcher.patterns) if (hit[key] !== 1 && pattern.test(text)) mark(key);
  };
  const active: LoreActivation[] = [];
  let fresh: number[] = [];
  for (const index of matcher.constants) {
    const entry = entries[index];
    if (entry === undefined || !allowed(index)) continue;
    state[index] = 2;
    active.push({ entry, reason: { kind: 'constant' } });
    fresh.push(index);
  }
  const depth = Math.max(0, Math.floor(options.scanDepth));
  scan(depth === 0 ? '' : messages.slice(-depth).join('\n'));
  for (let pass = 0; ; pass++) {
    const activated: number[] = [];
    for (const index of touched) {
      if (state[index] !== 1) continue;
      const found = (secondary[index] ?? []).filter((id) => hit[id] === 1);
      if (!secondaryAgrees(entries[index]?.selectiveLogic, found.length, secondary[index]?.length ?? 0)) continue;
      const entry = entries[index];
      if (entry === undefined) continue;
      state[index] = 2;
      activated.push(index);
      const key = keys[firstKey[index] ?? -1]?.text ?? '';
      const secondaryKeys = found.map((id) => keys[id]?.text ?? '');
      active.push({ entry, reason: { kind: 'key', key, secondary: secondaryKeys, depth: pass } });
    }
    fresh.push(...activated);
    if (pass >= options.recursionDepth || fresh.length === 0) break;
    // An entry's text never changes, so what it activates was found once, when it was first needed.
    for (const index of fresh) for (const id of matcher.contentKeys(index)) mark(id);
    fresh = [];
  }
  return active.sort((a, b) => a.entry.order - b.entry.order || (a.entry.id < b.entry.id ? -1 : 1));
}

function secondaryAgrees(logic: MatchableLore['selectiveLogic'] | undefined, found: number, total: number): boolean {
  if (total === 0) return true;
  switch (logic) {
    case 'and_all':
      return found === total;
    case 'not_any':
      return found === 0;
    case 'not_all':
      return found < total;
    default:
      return found > 0;
  }
}
