/**
 * Distinctive phrases: the runs of words that would give a guarded fact away if they turned up elsewhere, so a
 * paraphrase into a scene's stakes is caught and not only a verbatim copy. A phrase is two consecutive content words
 * of the fact (neither in the common-word list below nor one of the story's names): "came ashore", "skull broken".
 * "in the" or "of his own" say nothing, and a paraphrase rarely keeps three words in a row.
 */
const COMMON = new Set(
  (
    'a an the and or but nor of in on at to from by for with without into onto over under about as is was were be been ' +
    'being are am has have had do does did not no yes it its he him his she her they them their we us our you your i me ' +
    'my this that these those there here who whom whose which what when where why how all any some each every more most ' +
    'than then so too very can could would should will shall may might must one two up down out off again once'
  ).split(' '),
);
const PHRASE_WORDS = 2;
const MIN_CONTENT_WORDS = 2;

/** Lower-cased words, apostrophes kept inside a word ("brennoc's"), everything else a break. */
export function wordsIn(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/gu, "'")
    .split(/[^\p{L}\p{N}']+/u)
    .map((word) => word.replace(/^'+|'+$/gu, ''))
    .filter((word) => word !== '');
}

/**
 * Every distinctive two-word phrase of a text, as "w1 w2". `ordinary` words count as common too: a story's own
 * names ("board of customs", "ambrose hale") are everywhere in it and give nothing away.
 */
export function distinctivePhrases(text: string, ordinary: ReadonlySet<string> = new Set()): string[] {
  const words = wordsIn(text);
  const phrases = new Set<string>();
  for (let start = 0; start + PHRASE_WORDS <= words.length; start++) {
    const run = words.slice(start, start + PHRASE_WORDS);
    const content = run.filter((word) => !COMMON.has(word) && !ordinary.has(word));
    if (content.length >= MIN_CONTENT_WORDS) phrases.add(run.join(' '));
  }
  return [...phrases];
}

/**
 * The distinctive phrases of `secret` that `text` also contains, word for word. One shared phrase can be chance ("riding
 * officer" is a title); two or more from the same secret are a paraphrase of it: `givesAway` is that test.
 */
export function sharedPhrases(secret: string, text: string, ordinary: ReadonlySet<string> = new Set()): string[] {
  const haystack = ` ${wordsIn(text).join(' ')} `;
  return distinctivePhrases(secret, ordinary).filter((phrase) => haystack.includes(` ${phrase} `));
}

export const PHRASES_THAT_GIVE_AWAY = 2;

/**
 * Whether `text` gives `secret` away: one of its sentences shares at least PHRASES_THAT_GIVE_AWAY of the secret's
 * distinctive phrases (a long prompt holds "riding officer" here and "dead man's" there by chance; one sentence
 * holding both "came ashore" and "skull broken" is telling it). Phrases in `known` are not distinctive to whoever
 * reads `text` (the leak audit passes what its principal may already read). Returns the phrases shared, or null.
 */
export function givesAway(
  secret: string,
  text: string,
  ordinary: ReadonlySet<string> = new Set(),
  known: ReadonlySet<string> = new Set(),
): string[] | null {
  for (const sentence of text.split(/[.!?;\n]+/u)) {
    const shared = sharedPhrases(secret, sentence, ordinary).filter((phrase) => !known.has(phrase));
    if (shared.length >= PHRASES_THAT_GIVE_AWAY) return shared;
  }
  return null;
}

/** The distinctive phrases of `secret` that some of `texts` already holds: to their readers they give nothing away. */
export function phrasesIn(
  secret: string,
  texts: Iterable<string>,
  ordinary: ReadonlySet<string> = new Set(),
): Set<string> {
  const found = new Set<string>();
  for (const text of texts) for (const phrase of sharedPhrases(secret, text, ordinary)) found.add(phrase);
  return found;
}

/** The words of a story's names (characters, places, objects, lore keys), which are ordinary within it. */
export function nameWords(names: Iterable<string>): Set<string> {
  const words = new Set<string>();
  for (const name of names) for (const word of wordsIn(name)) words.add(word);
  return words;
}
