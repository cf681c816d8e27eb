import type { Agent, Connection, Location, WorldObject, WorldState } from './types.ts';

/** Small read helpers shared by the spatial queries, the validators and the tools. */

export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "The cellar door" — how reasons name an object at the start of a sentence. */
export function theObject(object: WorldObject): string {
  return `The ${object.name}`;
}

/** "the cellar door" — mid-sentence. */
export function theObjectLower(object: WorldObject): string {
  return `the ${object.name}`;
}

/** Code-unit order, not locale order: the same on every machine, which replay depends on. */
export function byId(a: { readonly id: string }, b: { readonly id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function idsOf<T>(record: { readonly [id: string]: T }): string[] {
  return Object.keys(record).sort();
}

export function agentsAt(state: WorldState, locationId: string): Agent[] {
  return idsOf(state.agents)
    .map((id) => state.agents[id])
    .filter((agent): agent is Agent => agent !== undefined && agent.location === locationId);
}

export function inventoryOf(state: WorldState, agentId: string): WorldObject[] {
  return Object.values(state.objects)
    .filter((object) => object.place.at === 'agent' && object.place.id === agentId)
    .sort(byId);
}

export function isHolding(state: WorldState, agentId: string, objectId: string): boolean {
  const object = state.objects[objectId];
  return object !== undefined && object.place.at === 'agent' && object.place.id === agentId;
}

/**
 * The location an object is physically in, following containers and holders; null when the chain is broken. The
 * depth guard keeps a malformed container cycle from looping.
 */
export function locationOfObject(state: WorldState, object: WorldObject): string | null {
  let place = object.place;
  for (let depth = 0; depth < 16; depth += 1) {
    if (place.at === 'location') return place.id;
    if (place.at === 'agent') return state.agents[place.id]?.location ?? null;
    const container = state.objects[place.id];
    if (container === undefined) return null;
    place = container.place;
  }
  return null;
}

export function connectionBetween(state: WorldState, from: string, to: string): Connection | null {
  return state.locations[from]?.connections.find((connection) => connection.to === to) ?? null;
}

/** Connections both ways, for sight and sound which do not care which way a path was authored. */
export function linksBetween(state: WorldState, a: string, b: string): Connection[] {
  const links: Connection[] = [];
  const forward = connectionBetween(state, a, b);
  const backward = connectionBetween(state, b, a);
  if (forward !== null) links.push(forward);
  if (backward !== null) links.push(backward);
  return links;
}

/** Every place linked to this one in either direction, sorted for deterministic traversal. */
export function neighboursOf(state: WorldState, locationId: string): string[] {
  const neighbours = new Set<string>();
  for (const connection of state.locations[locationId]?.connections ?? []) neighbours.add(connection.to);
  for (const location of Object.values(state.locations)) {
    if (location.connections.some((connection) => connection.to === locationId)) neighbours.add(location.id);
  }
  neighbours.delete(locationId);
  return [...neighbours].sort();
}

export function doorIsOpen(state: WorldState, connection: Connection): boolean {
  if (connection.door === null) return true;
  return state.objects[connection.door]?.state['open'] === true;
}

export function doorIsLocked(state: WorldState, connection: Connection): boolean {
  if (connection.door === null) return false;
  return state.objects[connection.door]?.state['locked'] === true;
}

export function locationName(state: WorldState, locationId: string): string {
  const location: Location | undefined = state.locations[locationId];
  return location?.name ?? locationId;
}
