import { wordsOf } from './lexicon.ts';

/** One word of the input with the context modifiers Stage 3 reads (event-system.md, KeywordMatch). */
export interface Token {
  readonly word: string;
  /** Inside the scope of a negation ("don't *trust* him", "never *again*"). */
  readonly negated: boolean;
  /** After an intensifier in the same clause ("I *really* don't trust you"). */
  readonly intensified: boolean;
}

const NEGATORS = new Set(['not', 'no', 'never', 'nor', 'without', 'none', 'nothing', 'cannot', 'hardly', 'neither']);
const INTENSIFIERS = new Set([
  'never',
  'really',
  'truly',
  'utterly',
  'absolutely',
  'completely',
  'so',
  'very',
  'always',
]);
/** Words that end a negation's reach inside a clause: "I don't know him, but I trust her". */
const SCOPE_BREAKS = new Set(['but', 'yet', 'though', 'although', 'because']);
const NEGATION_REACH = 4;

/** A clause is what sits between sentence ends, semicolons, commas and the conjunctions that join actions. */
export function clausesOf(text: string): string[] {
  return text
    .split(/[.;!?]+|,|\s+(?:and|then|but)\s+/iu)
    .map((clause) => clause.trim())
    .filter((clause) => clause.length > 0);
}

export function tokensOf(clause: string): Token[] {
  const words = wordsOf(clause);
  const tokens: Token[] = [];
  let reach = 0;
  let intensified = false;
  for (const word of words) {
    if (SCOPE_BREAKS.has(word)) reach = 0;
    const negator = NEGATORS.has(word) || word.endsWith("n't");
    if (INTENSIFIERS.has(word)) intensified = true;
    tokens.push({ word, negated: reach > 0 && !negator, intensified });
    if (negator) reach = NEGATION_REACH;
    else if (reach > 0) reach--;
  }
  return tokens;
}

/** Where `phrase` (lower-case words) starts in `words`, at or after `from`; -1 when absent. */
export function findPhrase(words: readonly string[], phrase: readonly string[], from = 0): number {
  outer: for (let start = from; start + phrase.length <= words.length; start++) {
    for (let offset = 0; offset < phrase.length; offset++) if (words[start + offset] !== phrase[offset]) continue outer;
    return start;
  }
  return -1;
}
