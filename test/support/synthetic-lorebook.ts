import type { MatchableLore } from '../../engine/storykeeper/index.ts';

/**
 * A deterministic lorebook of `size` entries shaped like real community books: one to three primary keys each (some
 * multi-word, some shared between entries), a few secondary keys, a handful of constants, a paragraph of content.
 */
export function syntheticLorebook(size: number): MatchableLore[] {
  const logics = ['and_any', 'and_all', 'not_any', 'not_all'] as const;
  return Array.from({ length: size }, (_, index) => {
    const name = wordOf(index);
    const keys = [
      name,
      ...(index % 3 === 0 ? [`${name} ${wordOf(index + 7)}`] : []),
      ...(index % 250 === 0 ? ['harbour'] : []),
    ];
    return {
      id: `entry-${index}`,
      keys,
      secondaryKeys: index % 4 === 0 ? [wordOf(index * 3 + 1), wordOf(index * 5 + 2)] : [],
      selectiveLogic: logics[index % 4] ?? 'and_any',
      content: `${name} is a place of the old quay where ${wordOf(index + 1)} and ${wordOf(index + 2)} meet. `.repeat(
        3,
      ),
      audience: 'world',
      constant: index % 997 === 0,
      disabled: index % 101 === 0,
      order: index % 200,
    };
  });
}

/** Twenty chat messages of some 60 words each that name a few dozen of the book's entries. */
export function syntheticWindow(size: number, messages = 20): string[] {
  return Array.from({ length: messages }, (_, m) => {
    const named = Array.from({ length: 4 }, (_, k) => wordOf((m * 97 + k * 31) % size));
    return `The lamplighter walks past ${named.join(', ')} while the tide turns; nobody speaks of the harbour after dark. `.repeat(
      4,
    );
  });
}

const SYLLABLES = ['ka', 'lo', 'mer', 'vin', 'tas', 'ru', 'bel', 'dor', 'ish', 'qua', 'nel', 'sor'];

/** A made-up word, unique per index (base-12 syllables). */
function wordOf(index: number): string {
  let n = index + 12 * 12;
  let word = '';
  while (n > 0) {
    word += SYLLABLES[n % 12] ?? '';
    n = Math.floor(n / 12);
  }
  return word;
}
