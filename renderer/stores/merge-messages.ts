import type { StreamMessage } from '../engine.ts';

/** Adds messages to a stream, keeping it ordered by id and free of duplicates (events and results both deliver). */
export function mergeMessages(
  current: readonly StreamMessage[],
  incoming: readonly StreamMessage[],
): readonly StreamMessage[] {
  if (incoming.length === 0) return current;
  const known = new Set(current.map((message) => message.id));
  const fresh = incoming.filter((message) => !known.has(message.id));
  if (fresh.length === 0) return current;
  const last = current.at(-1);
  const ordered = [...fresh].sort((a, b) => a.id - b.id);
  if (last === undefined || (ordered[0]?.id ?? 0) > last.id) return [...current, ...ordered];
  return [...current, ...ordered].sort((a, b) => a.id - b.id);
}
