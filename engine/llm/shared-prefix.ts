import type { LlmMessage } from './types.ts';

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

/**
 * The part of prompt `a` that prompt `b` shares with it, as messages: the messages the two have alike, then the one
 * where they part, cut where its content does. What a warm-up sends when only a prompt's beginning is known.
 */
export function sharedMessages(a: readonly LlmMessage[], b: readonly LlmMessage[]): LlmMessage[] {
  const shared: LlmMessage[] = [];
  for (const [index, message] of a.entries()) {
    const other = b[index];
    if (other === undefined || other.role !== message.role) break;
    const length = sharedPrefixLength(message.content, other.content);
    if (length === 0) break;
    shared.push(
      length === message.content.length ? message : { ...message, content: message.content.slice(0, length) },
    );
    if (length < message.content.length || length < other.content.length) break;
  }
  return shared;
}
