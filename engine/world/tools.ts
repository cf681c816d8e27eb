import type { Rejection, WorldAction, WorldWrite } from './actions.ts';
import { commit } from './change-log.ts';
import type { Committed, LogEntry, World } from './change-log.ts';
import { getHearers } from './communication.ts';
import { doorIsLocked, doorIsOpen, inventoryOf, locationName } from './lookup.ts';
import { getPath } from './path.ts';
import { getVisibleAgents, getVisibleLocations } from './spatial.ts';
import { phaseOfDay } from './time-of-day.ts';
import type { PhaseOfDay } from './time-of-day.ts';
import type { Agent, Lighting, Scalar, Volume, WorldObject, WorldState } from './types.ts';
import { canPerceiveObject } from './validate-common.ts';

/**
 * The tool layer the stages call (ARCHITECTURE §8.3: the MCP servers of scene-state.md, as typed functions). Reads
 * are pure; `act` and `write` return a new World and never mutate the one given.
 */

export type SeenAgent = Pick<Agent, 'id' | 'name' | 'location' | 'facing' | 'condition'>;
export type SeenObject = Pick<WorldObject, 'id' | 'name' | 'kind' | 'state'> & { readonly where: string | null };
export type HeardSpeech = {
  readonly seq: number;
  readonly speaker: string;
  readonly volume: Volume;
  readonly message: string;
};
export type Exit = {
  readonly to: string;
  readonly name: string;
  readonly cost: number;
  readonly door: 'none' | 'open' | 'closed' | 'locked';
};

export type Perception = {
  readonly agent: string;
  readonly location: { readonly id: string; readonly name: string; readonly lighting: Lighting };
  readonly visibleAgents: readonly SeenAgent[];
  readonly visibleObjects: readonly SeenObject[];
  readonly features: readonly string[];
  readonly exits: readonly Exit[];
  /** Speech this agent heard in the log after `sinceSeq`. */
  readonly heard: readonly HeardSpeech[];
};

/** What an agent perceives now: visible agents and objects, its exits, and the speech it heard since `sinceSeq`. */
export function perceive(world: World, agentId: string, sinceSeq = 0): Perception | null {
  const { state } = world;
  const agent = state.agents[agentId];
  const here = agent === undefined ? undefined : state.locations[agent.location];
  if (agent === undefined || here === undefined) return null;
  const visible = getVisibleLocations(state, here.id);
  return {
    agent: agent.id,
    location: { id: here.id, name: here.name, lighting: here.lighting },
    visibleAgents: getVisibleAgents(state, here.id, agent.id).map(seenAgent),
    visibleObjects: Object.values(state.objects)
      .filter((object) => canPerceiveObject(state, agent, object))
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((object) => seenObject(object)),
    features: Object.values(state.features)
      .filter((feature) => feature.location === null || visible.includes(feature.location))
      .map((feature) => feature.id)
      .sort(),
    exits: exitsFrom(state, here.id),
    heard: world.log.filter((entry) => entry.seq > sinceSeq).flatMap((entry) => heardIn(entry, agent.id)),
  };
}

function seenAgent(agent: Agent): SeenAgent {
  return { id: agent.id, name: agent.name, location: agent.location, facing: agent.facing, condition: agent.condition };
}

function seenObject(object: WorldObject): SeenObject {
  const where = object.place.at === 'location' ? object.place.id : null;
  return { id: object.id, name: object.name, kind: object.kind, state: object.state, where };
}

function exitsFrom(state: WorldState, from: string): Exit[] {
  return (state.locations[from]?.connections ?? []).map((connection) => {
    const door =
      connection.door === null
        ? 'none'
        : doorIsLocked(state, connection)
          ? 'locked'
          : doorIsOpen(state, connection)
            ? 'open'
            : 'closed';
    return { to: connection.to, name: locationName(state, connection.to), cost: connection.cost, door };
  });
}

function heardIn(entry: LogEntry, listener: string): HeardSpeech[] {
  const { input } = entry;
  if (input.type !== 'speak' || !entry.observers.includes(listener)) return [];
  return [{ seq: entry.seq, speaker: input.agent, volume: input.volume, message: input.message }];
}

export type Situation = {
  readonly self: SeenAgent & { readonly zone: string | null; readonly inventory: readonly string[] };
  readonly owns: readonly string[];
  readonly environment: {
    readonly phase: PhaseOfDay;
    readonly minuteOfDay: number;
    readonly weather: string;
    readonly mood: string;
    readonly tension: number;
    readonly flags: { readonly [key: string]: Scalar };
  };
  /** Cheapest travel cost to every reachable place, for planning. */
  readonly distances: { readonly [locationId: string]: number };
};

/** A read-only summary for an agent's cognition stages: itself, what it owns, the scene's mood, how far things are. */
export function summarise(world: World, agentId: string): Situation | null {
  const { state } = world;
  const agent = state.agents[agentId];
  if (agent === undefined) return null;
  const distances: { [locationId: string]: number } = {};
  for (const id of Object.keys(state.locations).sort()) {
    const path = getPath(state, agent.location, id);
    if (path !== null) distances[id] = path.cost;
  }
  const env = state.environment;
  return {
    self: {
      ...seenAgent(agent),
      zone: state.locations[agent.location]?.zone ?? null,
      inventory: inventoryOf(state, agent.id).map((o) => o.id),
    },
    owns: Object.values(state.objects)
      .filter((o) => o.owner === agent.id)
      .map((o) => o.id)
      .sort(),
    environment: {
      phase: phaseOfDay(env.minuteOfDay),
      minuteOfDay: env.minuteOfDay,
      weather: env.weather,
      mood: env.mood,
      tension: env.tension,
      flags: env.flags,
    },
    distances,
  };
}

/** Who would hear an utterance, without logging it (the `speak` action logs it). */
export function whoHears(world: World, speakerId: string, volume: Volume, to: string | null = null): string[] {
  return getHearers(world.state, speakerId, volume, to).map((agent) => agent.id);
}

/** The action tool: validate and commit, or refuse with a reason. */
export function act(world: World, action: WorldAction): Committed | Rejection {
  return commit(world, action);
}

/** The state-write tool: idempotent, a repeated write returns the same World and logs nothing. */
export function write(world: World, change: WorldWrite): Committed | Rejection {
  return commit(world, change);
}
