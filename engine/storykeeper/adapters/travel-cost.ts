import { getPath, worldFromPack, type PackPlaceSpec, type PackWorldSpec } from '../../world/index.ts';

/**
 * The travel cost between two places of a pack: the cheapest way along its authored connections (travelMinutes,
 * engine/world's getPath), or null when there is none. Locked doors do not count: narrative distance is about the
 * story's geography, and a door locked at the start may well be open by the time the scene comes. Costs are
 * remembered, since every scene asks from the same place.
 */
export function packTravelCost(
  places: readonly PackPlaceSpec[],
  world: PackWorldSpec | undefined,
): (from: string, to: string) => number | null {
  const state = worldFromPack(places, world, []);
  const known = new Map<string, number | null>();
  return (from, to) => {
    const key = `${from}\u0000${to}`;
    if (!known.has(key)) known.set(key, getPath(state, from, to, { throughLocked: true })?.cost ?? null);
    return known.get(key) ?? null;
  };
}
