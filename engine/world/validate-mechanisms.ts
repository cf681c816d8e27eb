import { reject } from './actions.ts';
import { isHolding, theObject, theObjectLower } from './lookup.ts';
import { isRejection, requireActor, requireReachable } from './validate-common.ts';
import type { Validation } from './validate-common.ts';
import type { WorldState } from './types.ts';

/** Opening, closing, locking, unlocking and using: the validators that change an object's state map. */

export function validateOpenClose(state: WorldState, agentId: string, objectId: string, open: boolean): Validation {
  const agent = requireActor(state, agentId);
  if (isRejection(agent)) return agent;
  const object = requireReachable(state, agent, objectId);
  if (isRejection(object)) return object;
  const current = object.state['open'];
  if (typeof current !== 'boolean') {
    return reject('not_openable', `${theObject(object)} doesn't ${open ? 'open' : 'close'}.`);
  }
  if (current === open) return reject('already', `${theObject(object)} is already ${open ? 'open' : 'closed'}.`);
  if (open && object.state['locked'] === true) return reject('locked', `${theObject(object)} is locked.`);
  return [{ entity: 'object', id: object.id, state: { open }, set: {} }];
}

export function validateLockUnlock(state: WorldState, agentId: string, objectId: string, lock: boolean): Validation {
  const agent = requireActor(state, agentId);
  if (isRejection(agent)) return agent;
  const object = requireReachable(state, agent, objectId);
  if (isRejection(object)) return object;
  if (object.keyId === null) return reject('not_lockable', `${theObject(object)} has no lock.`);
  const locked = object.state['locked'] === true;
  if (locked === lock) return reject('already', `${theObject(object)} is already ${lock ? 'locked' : 'unlocked'}.`);
  if (lock && object.state['open'] === true) {
    return reject('invalid', `${theObject(object)} has to be closed before it can be locked.`);
  }
  if (!isHolding(state, agent.id, object.keyId)) {
    const key = state.objects[object.keyId];
    const what = key === undefined ? 'the key' : theObjectLower(key);
    return reject('no_key', `${agent.name} needs ${what} to ${lock ? 'lock' : 'unlock'} ${theObjectLower(object)}.`);
  }
  return [{ entity: 'object', id: object.id, state: { locked: lock }, set: {} }];
}

/** `use` toggles an interactive object's `active` flag (a lever, a switch); what that means is the story's business. */
export function validateUse(state: WorldState, agentId: string, objectId: string): Validation {
  const agent = requireActor(state, agentId);
  if (isRejection(agent)) return agent;
  const object = requireReachable(state, agent, objectId);
  if (isRejection(object)) return object;
  const active = object.state['active'];
  if (object.kind !== 'interactive' || typeof active !== 'boolean') {
    return reject('not_usable', `${theObject(object)} can't be used like that.`);
  }
  if (object.state['locked'] === true) return reject('locked', `${theObject(object)} is locked.`);
  return [{ entity: 'object', id: object.id, state: { active: !active }, set: {} }];
}
