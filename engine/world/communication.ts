import { byId } from './lookup.ts';
import { getAudibleAgents, getVisibleAgents } from './spatial.ts';
import type { Agent, Volume, WorldState } from './types.ts';

/**
 * Who hears an utterance: everyone within the audible range of the volume, except the speaker. A whisper addressed
 * to someone reaches only them.
 */
export function getHearers(state: WorldState, speakerId: string, volume: Volume, to: string | null = null): Agent[] {
  const speaker = state.agents[speakerId];
  if (speaker === undefined) return [];
  const hearers = getAudibleAgents(state, speaker.location, volume).filter((agent) => agent.id !== speakerId);
  if (volume === 'whisper' && to !== null) return hearers.filter((agent) => agent.id === to);
  return hearers.sort(byId);
}

/** Who witnesses an agent acting: everyone who can see the place the agent is in. */
export function getWitnesses(state: WorldState, actorId: string): Agent[] {
  const actor = state.agents[actorId];
  if (actor === undefined) return [];
  return Object.values(state.agents)
    .filter(
      (agent) => agent.id !== actorId && getVisibleAgents(state, agent.location).some((seen) => seen.id === actorId),
    )
    .sort(byId);
}

/**
 * Everyone who perceives an agent's doing: whoever can see it (light and line of sight) and, when it speaks, whoever
 * hears it at that volume. Sorted; the actor left out. In a dark chapel a silent creep is perceived by nobody.
 */
export function getPerceivers(state: WorldState, actorId: string, volume: Volume | null, to: string | null = null) {
  const seen = getWitnesses(state, actorId).map((agent) => agent.id);
  const heard = volume === null ? [] : getHearers(state, actorId, volume, to).map((agent) => agent.id);
  return [...new Set([...seen, ...heard])].sort();
}
