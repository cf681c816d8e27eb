import { reject } from './actions.ts';
import { isHolding, theObject, theObjectLower } from './lookup.ts';
import { carriedCount, isRejection, requireActor, requireObject, requireReachable } from './validate-common.ts';
import type { Validation } from './validate-common.ts';
import type { Agent, WorldObject, WorldState } from './types.ts';

/** Taking, dropping, giving and putting: the validators that move objects between places and hands. */

function requireHeld(state: WorldState, agent: Agent, objectId: string): WorldObject | ReturnType<typeof reject> {
  const object = requireObject(state, objectId);
  if (isRejection(object)) return object;
  if (!isHolding(state, agent.id, object.id))
    return reject('not_holding', `${agent.name} isn't holding ${theObjectLower(object)}.`);
  return object;
}

export function validateTake(state: WorldState, agentId: string, objectId: string): Validation {
  const agent = requireActor(state, agentId);
  if (isRejection(agent)) return agent;
  const known = requireObject(state, objectId);
  if (isRejection(known)) return known;
  if (isHolding(state, agent.id, known.id))
    return reject('already', `${agent.name} already has ${theObjectLower(known)}.`);
  const object = requireReachable(state, agent, objectId);
  if (isRejection(object)) return object;
  if (object.kind !== 'portable') return reject('fixed', `${theObject(object)} can't be taken.`);
  if (carriedCount(state, agent.id) >= agent.carryLimit) {
    return reject('capacity', `${agent.name} can't carry anything more.`);
  }
  return [{ entity: 'object', id: object.id, set: { place: { at: 'agent', id: agent.id } } }];
}

export function validateDrop(state: WorldState, agentId: string, objectId: string): Validation {
  const agent = requireActor(state, agentId);
  if (isRejection(agent)) return agent;
  const object = requireHeld(state, agent, objectId);
  if (isRejection(object)) return object;
  return [{ entity: 'object', id: object.id, set: { place: { at: 'location', id: agent.location } } }];
}

export function validateGive(state: WorldState, agentId: string, objectId: string, recipientId: string): Validation {
  const agent = requireActor(state, agentId);
  if (isRejection(agent)) return agent;
  const object = requireHeld(state, agent, objectId);
  if (isRejection(object)) return object;
  const recipient = state.agents[recipientId];
  if (recipient === undefined) return reject('unknown', `There is no one called "${recipientId}".`);
  if (recipient.id === agent.id) return reject('invalid', `${agent.name} already has ${theObjectLower(object)}.`);
  if (recipient.location !== agent.location) return reject('not_here', `${recipient.name} isn't here.`);
  if (recipient.condition.status === 'incapacitated') {
    return reject('incapacitated', `${recipient.name} can't take anything right now.`);
  }
  if (carriedCount(state, recipient.id) >= recipient.carryLimit) {
    return reject('capacity', `${recipient.name} can't carry anything more.`);
  }
  return [{ entity: 'object', id: object.id, set: { place: { at: 'agent', id: recipient.id } } }];
}

export function validatePut(state: WorldState, agentId: string, objectId: string, containerId: string): Validation {
  const agent = requireActor(state, agentId);
  if (isRejection(agent)) return agent;
  const object = requireHeld(state, agent, objectId);
  if (isRejection(object)) return object;
  const container = requireReachable(state, agent, containerId);
  if (isRejection(container)) return container;
  if (!container.container || container.id === object.id || isWithin(state, container, object.id)) {
    return reject('not_container', `Nothing can be put in ${theObjectLower(container)}.`);
  }
  if (container.state['open'] === false) return reject('closed', `${theObject(container)} is closed.`);
  return [{ entity: 'object', id: object.id, set: { place: { at: 'container', id: container.id } } }];
}

/** Whether `object` sits, at any depth, inside the container `outerId` (putting a bag into its own pouch is refused). */
function isWithin(state: WorldState, object: WorldObject, outerId: string): boolean {
  let place = object.place;
  for (let depth = 0; depth < 16 && place.at === 'container'; depth += 1) {
    if (place.id === outerId) return true;
    const next = state.objects[place.id];
    if (next === undefined) return false;
    place = next.place;
  }
  return false;
}
