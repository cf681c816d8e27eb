import type { JsonObject } from './json.ts';

/** Character → location id as a play state keeps them; anything else under `positions` is not a position. */
export function positionsOf(playState: JsonObject): { readonly [characterId: string]: string } {
  const positions = playState['positions'];
  if (typeof positions !== 'object' || positions === null || Array.isArray(positions)) return {};
  return Object.fromEntries(
    Object.entries(positions).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
