import type { WorldState } from './types.ts';

/** What kind of impossibility a problem is, so a pack loader can point at the right line and skip what it reports itself. */
export type WorldProblemCode =
  | 'unknown_location'
  | 'unknown_door'
  | 'negative_cost'
  | 'unknown_holder'
  | 'unknown_container'
  | 'not_container'
  | 'inside_itself'
  | 'door_not_openable'
  | 'key_nowhere'
  | 'unknown_feature_location';

export type WorldProblem = {
  readonly severity: 'error' | 'warning';
  readonly code: WorldProblemCode;
  readonly entity: 'location' | 'agent' | 'object' | 'feature';
  readonly id: string;
  /** The authored field at fault (`in`, `key`, `state`, `connections`, …), for a loader to point at. */
  readonly field: string;
  readonly message: string;
};

/**
 * Everything impossible in a world state, as author-facing problems: broken references, an object inside itself (at
 * any depth), an object in something that is not a container, a door that cannot open. A lock whose key exists
 * nowhere is only a warning: the door is sound, nobody can open it. Actions assume a sound world, so both the pack
 * loader and the save restorer run this before anything acts on it.
 */
export function worldProblems(state: WorldState): WorldProblem[] {
  return [...locationProblems(state), ...agentProblems(state), ...objectProblems(state), ...featureProblems(state)];
}

/** The errors of worldProblems as messages (warnings left out): empty when the world is sound. */
export function checkWorldState(state: WorldState): string[] {
  return worldProblems(state)
    .filter((problem) => problem.severity === 'error')
    .map((problem) => `${problem.entity} ${problem.id}: ${problem.message}`);
}

const error = (code: WorldProblemCode, entity: WorldProblem['entity'], id: string, field: string, message: string) =>
  ({ severity: 'error', code, entity, id, field, message }) satisfies WorldProblem;

function locationProblems(state: WorldState): WorldProblem[] {
  const problems: WorldProblem[] = [];
  for (const location of Object.values(state.locations)) {
    const at = (code: WorldProblemCode, message: string) =>
      problems.push(error(code, 'location', location.id, 'connections', message));
    for (const connection of location.connections) {
      if (state.locations[connection.to] === undefined)
        at('unknown_location', `connection to unknown location ${connection.to}`);
      if (connection.door !== null && state.objects[connection.door] === undefined)
        at('unknown_door', `door ${connection.door} is not an object`);
      if (connection.cost < 0) at('negative_cost', `connection to ${connection.to} has a negative cost`);
    }
    for (const seen of location.overlooks) {
      if (state.locations[seen] === undefined)
        problems.push(
          error('unknown_location', 'location', location.id, 'overlooks', `overlooks unknown location ${seen}`),
        );
    }
  }
  return problems;
}

function agentProblems(state: WorldState): WorldProblem[] {
  return Object.values(state.agents)
    .filter((agent) => state.locations[agent.location] === undefined)
    .map((agent) => error('unknown_location', 'agent', agent.id, 'location', `unknown location ${agent.location}`));
}

function objectProblems(state: WorldState): WorldProblem[] {
  const problems: WorldProblem[] = [];
  const doors = doorObjects(state);
  for (const object of Object.values(state.objects)) {
    const { place } = object;
    const at = (code: WorldProblemCode, field: string, message: string) =>
      problems.push(error(code, 'object', object.id, field, message));
    if (place.at === 'location' && state.locations[place.id] === undefined)
      at('unknown_location', 'location', `unknown location ${place.id}`);
    if (place.at === 'agent' && state.agents[place.id] === undefined)
      at('unknown_holder', 'holder', `unknown holder ${place.id}`);
    const container = place.at === 'container' ? state.objects[place.id] : null;
    if (container === undefined) at('unknown_container', 'in', `unknown container ${place.id}`);
    else if (container !== null && !container.container) at('not_container', 'in', `${place.id} is not a container`);
    if (doors.has(object.id) && typeof object.state['open'] !== 'boolean')
      at('door_not_openable', 'state', `is the door of a way but has no open state; give it state: { open: false }`);
    if (object.keyId !== null && state.objects[object.keyId] === undefined) {
      problems.push({
        severity: 'warning',
        code: 'key_nowhere',
        entity: 'object',
        id: object.id,
        field: 'key',
        message: `its key ${object.keyId} exists nowhere in the world, so nobody can lock or unlock it`,
      });
    }
  }
  return [...problems, ...containmentLoops(state)];
}

function featureProblems(state: WorldState): WorldProblem[] {
  return Object.values(state.features)
    .filter((feature) => feature.location !== null && state.locations[feature.location] === undefined)
    .map((feature) =>
      error('unknown_feature_location', 'feature', feature.id, 'location', `unknown location ${feature.location}`),
    );
}

function doorObjects(state: WorldState): Set<string> {
  const doors = new Set<string>();
  for (const location of Object.values(state.locations))
    for (const connection of location.connections) if (connection.door !== null) doors.add(connection.door);
  return doors;
}

/**
 * An object `in` a container that is, through its own `in`, inside the object again (box-a in box-b in box-a, or a
 * box in itself) is nowhere in the world: no location holds the chain. Each loop is reported once, at its first
 * object in the state's order, with the whole loop spelled out; an object that only sits in a loop is not repeated.
 */
function containmentLoops(state: WorldState): WorldProblem[] {
  const containerOf = new Map<string, string>();
  for (const object of Object.values(state.objects))
    if (object.place.at === 'container') containerOf.set(object.id, object.place.id);
  const reported = new Set<string>();
  const problems: WorldProblem[] = [];
  for (const id of containerOf.keys()) {
    if (reported.has(id)) continue;
    const loop = loopThrough(id, containerOf);
    if (loop === null) continue;
    loop.forEach((member) => reported.add(member));
    const chain = [...loop, id].map((member) => `"${member}"`).join(' in ');
    const message =
      loop.length === 1
        ? `"${id}" is inside itself; put it in another container, a location or a holder`
        : `"${id}" is inside itself through its containers (${chain}); one of them needs a location or a holder`;
    problems.push(error('inside_itself', 'object', id, 'in', message));
  }
  return problems;
}

/** The loop of `in` links that starts at `start` and comes back to it, or null when the chain ends or leads away. */
function loopThrough(start: string, containerOf: ReadonlyMap<string, string>): string[] | null {
  const chain = [start];
  const seen = new Set(chain);
  for (let next = containerOf.get(start); next !== undefined; next = containerOf.get(next)) {
    if (next === start) return chain;
    // A loop further up that this object only sits in is reported at the loop's own members.
    if (seen.has(next)) return null;
    seen.add(next);
    chain.push(next);
  }
  return null;
}
