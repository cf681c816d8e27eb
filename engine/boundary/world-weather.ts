import type { Json } from './contract.ts';
import type { JsonObject } from './json.ts';

/**
 * The weather lives in the world model inside the play state (`events.world.environment.weather`); packs without a
 * `world/` folder have none. Read and written here so the boundary's steps and checkpoint agree on the path.
 */
export function weatherOf(playState: JsonObject): string | null {
  const environment = environmentOf(playState);
  const weather = environment?.['weather'];
  return typeof weather === 'string' ? weather : null;
}

/** The play state with the world's weather replaced; unchanged when the play state has no world model. */
export function withWeather(playState: JsonObject, weather: string): JsonObject {
  const events = objectAt(playState, 'events');
  const world = events === null ? null : objectAt(events, 'world');
  const environment = world === null ? null : objectAt(world, 'environment');
  if (events === null || world === null || environment === null) return playState;
  return { ...playState, events: { ...events, world: { ...world, environment: { ...environment, weather } } } };
}

function environmentOf(playState: JsonObject): JsonObject | null {
  const events = objectAt(playState, 'events');
  const world = events === null ? null : objectAt(events, 'world');
  return world === null ? null : objectAt(world, 'environment');
}

function objectAt(parent: JsonObject, key: string): JsonObject | null {
  const value = parent[key];
  return isObject(value) ? value : null;
}

function isObject(value: Json | undefined): value is { readonly [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
