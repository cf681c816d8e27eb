import { agentsAt, byId, doorIsOpen, linksBetween, neighboursOf } from './lookup.ts';
import { LIGHTING_LEVELS } from './types.ts';
import type { Agent, Connection, Lighting, Volume, WorldState } from './types.ts';

/**
 * The spatial queries of scene-state.md. Sight is geometric (checkLineOfSight) and then lit (getVisibleAgents): you
 * see around you unless it is dark, and into another place only when it is at least normally lit.
 */

export function checkLineOfSight(state: WorldState, from: string, to: string): boolean {
  if (from === to) return state.locations[from] !== undefined;
  const origin = state.locations[from];
  if (origin === undefined || state.locations[to] === undefined) return false;
  if (origin.overlooks.includes(to)) return true;
  return linksBetween(state, from, to).some((link) => link.seeThrough && doorIsOpen(state, link));
}

function lightAtLeast(lighting: Lighting, minimum: Lighting): boolean {
  return LIGHTING_LEVELS.indexOf(lighting) >= LIGHTING_LEVELS.indexOf(minimum);
}

/** Whether someone standing in `from` can make out things in `to`. */
export function canSeeInto(state: WorldState, from: string, to: string): boolean {
  const target = state.locations[to];
  if (target === undefined || !checkLineOfSight(state, from, to)) return false;
  return lightAtLeast(target.lighting, from === to ? 'dim' : 'normal');
}

/** The places visible from `from`, itself first when lit enough, then the others by id. */
export function getVisibleLocations(state: WorldState, from: string): string[] {
  const candidates = [
    from,
    ...Object.keys(state.locations)
      .filter((id) => id !== from)
      .sort(),
  ];
  return candidates.filter((id) => canSeeInto(state, from, id));
}

/** Agents seen from a location, sorted by id; `excluding` leaves out the viewer. */
export function getVisibleAgents(state: WorldState, from: string, excluding: string | null = null): Agent[] {
  return getVisibleLocations(state, from)
    .flatMap((id) => agentsAt(state, id))
    .filter((agent) => agent.id !== excluding)
    .sort(byId);
}

/**
 * How far speech carries, in minutes of travel: a way costs its travel time (at least 1), twice that through a closed
 * door (it muffles). A loud scene (noise ≥ 0.7) halves the reach; a whisper never leaves the room. So a shout in a
 * tavern is heard on the quay outside and in the houses along it, not on a headland a quarter of an hour away.
 */
const VOLUME_REACH: { readonly [V in Volume]: number } = { whisper: 0, normal: 3, shout: 9 };
const LOUD_SCENE = 0.7;

/** Locations where speech at `volume` from `from` can be heard, sorted by id. Dijkstra over sound distance. */
export function getAudibleRange(state: WorldState, from: string, volume: Volume): string[] {
  if (state.locations[from] === undefined) return [];
  const full = VOLUME_REACH[volume];
  const reach = state.environment.noise >= LOUD_SCENE ? Math.floor(full / 2) : full;
  const best = new Map<string, number>([[from, 0]]);
  const frontier = [from];
  while (frontier.length > 0) {
    frontier.sort((a, b) => (best.get(a) ?? 0) - (best.get(b) ?? 0) || (a < b ? -1 : 1));
    const current = frontier.shift();
    if (current === undefined) break;
    const spent = best.get(current) ?? 0;
    for (const next of neighboursOf(state, current)) {
      const step = Math.min(...linksBetween(state, current, next).map((link) => soundCost(state, link)));
      const total = spent + step;
      if (total > reach || total >= (best.get(next) ?? Infinity)) continue;
      best.set(next, total);
      frontier.push(next);
    }
  }
  return [...best.keys()].sort();
}

function soundCost(state: WorldState, link: Connection): number {
  const distance = Math.max(1, link.cost);
  return doorIsOpen(state, link) ? distance : distance * 2;
}

/** Agents who hear speech at `volume` from `from`, sorted by id. */
export function getAudibleAgents(state: WorldState, from: string, volume: Volume): Agent[] {
  return getAudibleRange(state, from, volume)
    .flatMap((id) => agentsAt(state, id))
    .sort(byId);
}
