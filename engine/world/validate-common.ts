import { reject } from './actions.ts';
import type { Rejection } from './actions.ts';
import { isHolding, locationOfObject, theObject, theObjectLower } from './lookup.ts';
import type { Patch } from './patch.ts';
import { canSeeInto } from './spatial.ts';
import type { Agent, WorldObject, WorldState } from './types.ts';

/** A validator either refuses with a reason or says what to change; nothing changes until every check has passed. */
export type Validation = readonly Patch[] | Rejection;

export function isRejection(value: Validation | Agent | WorldObject): value is Rejection {
  return 'ok' in value && value.ok === false;
}

/** The acting agent, able to act. */
export function requireActor(state: WorldState, agentId: string): Agent | Rejection {
  const agent = state.agents[agentId];
  if (agent === undefined) return reject('unknown', `There is no one called "${agentId}" here.`);
  if (agent.condition.status === 'incapacitated') return reject('incapacitated', `${agent.name} cannot act right now.`);
  return agent;
}

export function requireObject(state: WorldState, objectId: string): WorldObject | Rejection {
  return state.objects[objectId] ?? reject('unknown', `There is no such thing as "${objectId}" here.`);
}

/** A door can be worked from either side of the way it gates. */
function isDoorOfPlace(state: WorldState, locationId: string, objectId: string): boolean {
  return Object.values(state.locations).some((location) =>
    location.connections.some(
      (connection) => connection.door === objectId && (location.id === locationId || connection.to === locationId),
    ),
  );
}

/** Whether the object is within the agent's reach: carried, in the same place (not in a closed container), or a door of it. */
export function withinReach(state: WorldState, agent: Agent, object: WorldObject): boolean {
  if (isHolding(state, agent.id, object.id)) return true;
  if (isDoorOfPlace(state, agent.location, object.id)) return true;
  if (locationOfObject(state, object) !== agent.location) return false;
  if (object.place.at === 'agent') return false;
  if (object.place.at === 'container') return state.objects[object.place.id]?.state['open'] !== false;
  return true;
}

/** Hidden things are found only by those holding them; lit places show the rest. */
export function canPerceiveObject(state: WorldState, agent: Agent, object: WorldObject): boolean {
  if (isHolding(state, agent.id, object.id)) return true;
  if (object.visibility === 'hidden') return false;
  if (isDoorOfPlace(state, agent.location, object.id)) return true;
  const where = locationOfObject(state, object);
  if (where === null || !canSeeInto(state, agent.location, where)) return false;
  if (object.place.at === 'container') return state.objects[object.place.id]?.state['open'] !== false;
  return true;
}

/** The object, reachable by the agent, or why not. */
export function requireReachable(state: WorldState, agent: Agent, objectId: string): WorldObject | Rejection {
  const object = requireObject(state, objectId);
  if (isRejection(object)) return object;
  if (!canPerceiveObject(state, agent, object) || !withinReach(state, agent, object)) {
    if (object.place.at === 'agent' && object.place.id !== agent.id && canPerceiveObject(state, agent, object)) {
      const holder = state.agents[object.place.id];
      return reject('held_by_other', `${holder?.name ?? 'Someone'} has ${theObjectLower(object)}.`);
    }
    return reject('not_here', `${theObject(object)} isn't within reach.`);
  }
  return object;
}

export function carriedCount(state: WorldState, agentId: string): number {
  return Object.values(state.objects).filter((object) => object.place.at === 'agent' && object.place.id === agentId)
    .length;
}
