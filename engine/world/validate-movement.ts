import { reject } from './actions.ts';
import { agentsAt, connectionBetween, doorIsLocked, doorIsOpen, locationName, theObject } from './lookup.ts';
import { isRejection, requireActor } from './validate-common.ts';
import type { Validation } from './validate-common.ts';
import type { WorldState } from './types.ts';

/** Moving is one step along an authored connection; longer journeys are a getPath plan of several moves. */
export function validateMove(state: WorldState, agentId: string, to: string): Validation {
  const agent = requireActor(state, agentId);
  if (isRejection(agent)) return agent;
  const target = state.locations[to];
  if (target === undefined) return reject('unknown', `There is no place called "${to}".`);
  if (agent.location === to) return reject('already', `${agent.name} is already in ${target.name}.`);
  const connection = connectionBetween(state, agent.location, to);
  if (connection === null) {
    return reject('not_adjacent', `There is no way from ${locationName(state, agent.location)} to ${target.name}.`);
  }
  const door = connection.door === null ? undefined : state.objects[connection.door];
  if (door !== undefined && !doorIsOpen(state, connection)) {
    const hint = doorIsLocked(state, connection) ? 'closed and locked' : 'closed';
    return reject(doorIsLocked(state, connection) ? 'locked' : 'closed', `${theObject(door)} is ${hint}.`);
  }
  if (target.capacity !== null && agentsAt(state, to).length >= target.capacity) {
    return reject('capacity', `There is no room for anyone else in ${target.name}.`);
  }
  // The old facing pointed at something in the place left behind, so it no longer means anything.
  return [{ entity: 'agent', id: agent.id, set: { location: to, facing: null } }];
}

export function validateFace(state: WorldState, agentId: string, toward: string): Validation {
  const agent = requireActor(state, agentId);
  if (isRejection(agent)) return agent;
  if (toward.trim() === '') return reject('invalid', `${agent.name} has to face something.`);
  return [{ entity: 'agent', id: agent.id, set: { facing: toward } }];
}
