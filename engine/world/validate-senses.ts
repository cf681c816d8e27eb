import { reject } from './actions.ts';
import { canPerceiveObject, isRejection, requireActor } from './validate-common.ts';
import type { Validation } from './validate-common.ts';
import { canSeeInto } from './spatial.ts';
import type { Volume, WorldState } from './types.ts';

/** Examining and speaking change nothing in the world; they are validated so the log records only what could happen. */

export function validateExamine(state: WorldState, agentId: string, targetId: string): Validation {
  const agent = requireActor(state, agentId);
  if (isRejection(agent)) return agent;
  const other = state.agents[targetId];
  if (other !== undefined) {
    return canSeeInto(state, agent.location, other.location)
      ? []
      : reject('not_visible', `${agent.name} can't see ${other.name}.`);
  }
  const object = state.objects[targetId];
  if (object !== undefined) {
    return canPerceiveObject(state, agent, object) ? [] : reject('not_visible', `${agent.name} can't see that here.`);
  }
  const feature = state.features[targetId];
  if (feature !== undefined) {
    const here = feature.location === null || canSeeInto(state, agent.location, feature.location);
    return here ? [] : reject('not_visible', `${agent.name} can't see that here.`);
  }
  if (state.locations[targetId] !== undefined) {
    return canSeeInto(state, agent.location, targetId) ? [] : reject('not_visible', `${agent.name} can't see there.`);
  }
  return reject('unknown', `There is nothing called "${targetId}" to examine.`);
}

export function validateSpeak(
  state: WorldState,
  agentId: string,
  volume: Volume,
  message: string,
  to: string | null,
): Validation {
  const agent = requireActor(state, agentId);
  if (isRejection(agent)) return agent;
  if (message.trim() === '') return reject('invalid', `${agent.name} has nothing to say.`);
  if (to !== null) {
    const addressee = state.agents[to];
    if (addressee === undefined) return reject('unknown', `There is no one called "${to}".`);
    if (volume === 'whisper' && addressee.location !== agent.location) {
      return reject('not_here', `${addressee.name} is too far away to whisper to.`);
    }
  }
  return [];
}
