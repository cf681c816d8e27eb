/**
 * How many leading items two sequences share: prompt tokens (what a KV sequence can reuse), or the characters of two
 * rendered prompts (which call to start after which).
 */
export function sharedPrefixLength<T>(a: ArrayLike<T>, b: ArrayLike<T>): number {
  const limit = Math.min(a.length, b.length);
  let index = 0;
  while (index < limit && a[index] === b[index]) index++;
  return index;
}
