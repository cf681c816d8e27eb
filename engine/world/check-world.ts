import type { WorldState } from './types.ts';

/**
 * Broken references in a world state (a connection to nowhere, a key that does not exist), as author-facing
 * messages. Empty when the world is sound. Actions assume a sound world, so the pack loader runs this first.
 */
export function checkWorldState(state: WorldState): string[] {
  const problems: string[] = [];
  const hasLocation = (id: string): boolean => state.locations[id] !== undefined;
  for (const location of Object.values(state.locations)) {
    for (const connection of location.connections) {
      if (!hasLocation(connection.to))
        problems.push(`location ${location.id}: connection to unknown location ${connection.to}`);
      if (connection.door !== null && state.objects[connection.door] === undefined) {
        problems.push(`location ${location.id}: door ${connection.door} is not an object`);
      }
      if (connection.cost < 0)
        problems.push(`location ${location.id}: connection to ${connection.to} has a negative cost`);
    }
    for (const seen of location.overlooks) {
      if (!hasLocation(seen)) problems.push(`location ${location.id}: overlooks unknown location ${seen}`);
    }
  }
  for (const agent of Object.values(state.agents)) {
    if (!hasLocation(agent.location)) problems.push(`agent ${agent.id}: unknown location ${agent.location}`);
  }
  for (const object of Object.values(state.objects)) {
    const { place } = object;
    if (place.at === 'location' && !hasLocation(place.id))
      problems.push(`object ${object.id}: unknown location ${place.id}`);
    if (place.at === 'agent' && state.agents[place.id] === undefined)
      problems.push(`object ${object.id}: unknown holder ${place.id}`);
    if (place.at === 'container' && state.objects[place.id]?.container !== true) {
      problems.push(`object ${object.id}: ${place.id} is not a container`);
    }
    if (object.keyId !== null && state.objects[object.keyId] === undefined)
      problems.push(`object ${object.id}: unknown key ${object.keyId}`);
  }
  for (const feature of Object.values(state.features)) {
    if (feature.location !== null && !hasLocation(feature.location)) {
      problems.push(`feature ${feature.id}: unknown location ${feature.location}`);
    }
  }
  return problems;
}
