/**
 * The words Stage 1 knows (event-system.md, Stage 1: "pattern matching and entity resolution"): the pack's names and
 * aliases for characters, objects and places, the verbs of the world's actions, and the world's hard constraints.
 * Declared structurally so this room needs nothing from engine/pack.
 */
export type EntityKind = 'persona' | 'character' | 'object' | 'location';

export interface LexiconSource {
  readonly persona: { readonly id: string; readonly name: string };
  readonly characters: readonly { readonly id: string; readonly name: string; readonly aliases: readonly string[] }[];
  readonly objects: readonly { readonly id: string; readonly name: string; readonly aliases: readonly string[] }[];
  readonly locations: readonly { readonly id: string; readonly name: string }[];
  /** Extra verbs per action, e.g. { take: [pocket, palm] }; actions a pack adds need no world validation. */
  readonly verbs: { readonly [action: string]: readonly string[] };
  /** Things the world does not allow at all, e.g. { id: no_flight, verbs: [fly, levitate], reason: … }. */
  readonly constraints: readonly { readonly id: string; readonly verbs: readonly string[]; readonly reason: string }[];
}

export interface EntityPhrase {
  readonly id: string;
  readonly kind: EntityKind;
  /** Lower-case words of the phrase, e.g. ['mother', 'rook']. */
  readonly words: readonly string[];
}

export interface Lexicon {
  /** Every name, longest first, so "the harbour log" wins over "harbour". */
  readonly entities: readonly EntityPhrase[];
  /** Verb phrase (lower-case words) → canonical action, longest first. */
  readonly verbs: readonly { readonly words: readonly string[]; readonly action: string }[];
  readonly constraints: LexiconSource['constraints'];
}

/** The canonical actions of engine/world plus speech and movement, with the everyday verbs that name them. */
export const BUILT_IN_VERBS: { readonly [action: string]: readonly string[] } = {
  move: [
    'go',
    'goes',
    'walk',
    'walks',
    'head',
    'heads',
    'run',
    'hurry',
    'return',
    'leave',
    'step',
    'climb',
    'descend',
    'enter',
    'cross',
    'make my way',
    'set off',
    'go back',
  ],
  take: ['take', 'takes', 'pick up', 'grab', 'snatch', 'pocket', 'lift', 'collect'],
  drop: ['drop', 'put down', 'set down', 'discard'],
  give: ['give', 'gives', 'hand', 'hands', 'offer', 'pass', 'press'],
  put: ['put', 'place', 'stow', 'tuck'],
  open: ['open', 'opens', 'unbar'],
  close: ['close', 'shut', 'bar'],
  lock: ['lock'],
  unlock: ['unlock'],
  use: ['use', 'light', 'ring', 'pull', 'push', 'turn', 'wind', 'strike'],
  examine: [
    'examine',
    'look at',
    'inspect',
    'study',
    'read',
    'search',
    'check',
    'peer at',
    'scan',
    'look east',
    'look west',
    'look north',
    'look south',
    'look around',
    'watch',
  ],
  speak: [
    'say',
    'says',
    'tell',
    'tells',
    'ask',
    'asks',
    'shout',
    'call',
    'reply',
    'answer',
    'greet',
    'mutter',
    'murmur',
    'speak',
    'talk',
    'thank',
    'whisper',
    'whispers',
    'admit',
    'insist',
    'warn',
    'promise',
    'confess',
    'lie',
  ],
};

const ARTICLES = new Set(['the', 'a', 'an']);

export function buildLexicon(source: LexiconSource): Lexicon {
  const entities: EntityPhrase[] = [];
  const add = (id: string, kind: EntityKind, name: string): void => {
    const words = wordsOf(name);
    while (words.length > 1 && ARTICLES.has(words[0] ?? '')) words.shift();
    if (words.length > 0 && !entities.some((e) => e.id === id && same(e.words, words)))
      entities.push({ id, kind, words });
  };
  add(source.persona.id, 'persona', source.persona.name);
  for (const character of source.characters) {
    for (const name of [character.name, ...character.aliases]) add(character.id, 'character', name);
    // "Silas" for Silas Crane: players use first names; a title ("Father", "Mother") is an alias's business.
    const given = wordsOf(character.name)[0];
    if (given !== undefined && given.length > 2) add(character.id, 'character', given);
  }
  for (const object of source.objects)
    for (const name of [object.name, ...object.aliases]) add(object.id, 'object', name);
  for (const location of source.locations) {
    add(location.id, 'location', location.name);
    add(location.id, 'location', location.id.replace(/-/gu, ' '));
  }
  const verbs: { words: string[]; action: string }[] = [];
  for (const table of [BUILT_IN_VERBS, source.verbs])
    for (const [action, phrases] of Object.entries(table))
      for (const phrase of phrases) verbs.push({ words: wordsOf(phrase), action });
  const longestFirst = (a: { words: readonly string[] }, b: { words: readonly string[] }) =>
    b.words.length - a.words.length;
  return { entities: entities.sort(longestFirst), verbs: verbs.sort(longestFirst), constraints: source.constraints };
}

/** Lower-case words; apostrophes kept inside words ("don't"), curly ones straightened, possessives dropped. */
export function wordsOf(text: string): string[] {
  const words =
    text
      .toLowerCase()
      .replace(/[’‘]/gu, "'")
      .match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? [];
  // "Kit's" names Kit: the possessive must not hide the name from the entity match.
  return words.map((word) => word.replace(/'s$/u, ''));
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((word, index) => word === b[index]);
}
