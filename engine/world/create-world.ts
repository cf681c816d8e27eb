import type { Agent, Connection, Environment, Feature, Location, WorldObject, WorldState } from './types.ts';

/**
 * The initial_state of scene-state.md with authoring defaults: only ids and names are required. Records are keyed in
 * the order given, which fixes the serialisation order for every later state.
 */
export type WorldInit = {
  readonly locations: readonly (Pick<Location, 'id' | 'name'> & {
    readonly connections?: readonly (Pick<Connection, 'to'> & Partial<Connection>)[];
  } & Partial<Omit<Location, 'connections'>>)[];
  readonly agents?: readonly (Pick<Agent, 'id' | 'name' | 'location'> & Partial<Agent>)[];
  readonly objects?: readonly (Pick<WorldObject, 'id' | 'name' | 'kind' | 'place'> & Partial<WorldObject>)[];
  readonly features?: readonly (Pick<Feature, 'id' | 'name'> & Partial<Feature>)[];
  readonly environment?: Partial<Environment>;
};

export const DEFAULT_CARRY_LIMIT = 6;
/** Noon: a scene with no time set is in daylight. */
export const DEFAULT_MINUTE_OF_DAY = 720;

export function createWorldState(init: WorldInit): WorldState {
  const locations: Record<string, Location> = {};
  for (const location of init.locations) {
    locations[location.id] = {
      id: location.id,
      name: location.name,
      description: location.description ?? '',
      zone: location.zone ?? null,
      lighting: location.lighting ?? 'normal',
      capacity: location.capacity ?? null,
      connections: (location.connections ?? []).map((connection) => ({
        to: connection.to,
        cost: connection.cost ?? 1,
        door: connection.door ?? null,
        seeThrough: connection.seeThrough ?? true,
      })),
      overlooks: [...(location.overlooks ?? [])],
    };
  }
  const agents: Record<string, Agent> = {};
  for (const agent of init.agents ?? []) {
    agents[agent.id] = {
      id: agent.id,
      name: agent.name,
      location: agent.location,
      facing: agent.facing ?? null,
      condition: agent.condition ?? { status: 'ok', effects: [] },
      carryLimit: agent.carryLimit ?? DEFAULT_CARRY_LIMIT,
    };
  }
  const objects: Record<string, WorldObject> = {};
  for (const object of init.objects ?? []) {
    objects[object.id] = {
      id: object.id,
      name: object.name,
      description: object.description ?? '',
      kind: object.kind,
      place: object.place,
      owner: object.owner ?? null,
      visibility: object.visibility ?? 'visible',
      state: { ...object.state },
      keyId: object.keyId ?? null,
      container: object.container ?? false,
    };
  }
  const features: Record<string, Feature> = {};
  for (const feature of init.features ?? []) {
    features[feature.id] = {
      id: feature.id,
      name: feature.name,
      description: feature.description ?? '',
      location: feature.location ?? null,
    };
  }
  const env = init.environment ?? {};
  const environment: Environment = {
    minuteOfDay: env.minuteOfDay ?? DEFAULT_MINUTE_OF_DAY,
    weather: env.weather ?? 'clear',
    mood: env.mood ?? 'calm',
    tension: env.tension ?? 0,
    noise: env.noise ?? 0,
    flags: { ...env.flags },
  };
  return { locations, agents, objects, features, environment };
}
