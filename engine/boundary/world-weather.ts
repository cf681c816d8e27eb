import { settle, startWorld, worldStateSchema, type LogEntry } from '../world/index.ts';
import type { Json } from './contract.ts';
import { toJson, type JsonObject } from './json.ts';
import { positionsOf } from './positions.ts';

/**
 * The weather lives in the world model inside the play state (`events.world.environment.weather`); packs without a
 * `world/` folder have none. Read and written here so the boundary's steps and checkpoint agree on the path.
 */
export function weatherOf(playState: JsonObject): string | null {
  const environment = environmentOf(playState);
  const weather = environment?.['weather'];
  return typeof weather === 'string' ? weather : null;
}

/** What the boundary changed between the scenes, for the world to take in. */
export interface BetweenScenes {
  /** The closing turn: the boundary's log entries belong to it (ids `w<turn>b.<seq>`). */
  readonly turn: number;
  readonly personaId: string;
  /** The Chronicler's new weather, or null when it left the weather as it was. */
  readonly weather: string | null;
}

/**
 * The play state the next scene opens on, with its world brought to it through the world's own validate-and-commit:
 * where everyone now is, the time the scene opens at and the new weather, each a logged write. The log is kept as
 * `events.boundaryLog`, so the saved world is still the initial one plus every log (scene-state.md, Deterministic
 * Replay). Unchanged when the play state has no world model.
 */
export function withBoundaryWorld(playState: JsonObject, between: BetweenScenes): JsonObject {
  const events = objectAt(playState, 'events');
  const parsed = worldStateSchema.safeParse(events?.['world']);
  if (events === null || !parsed.success) return playState;
  const location = playState['location'];
  const time = playState['time'];
  const settled = settle(startWorld(parsed.data, { turn: between.turn, phase: 'boundary' }), {
    positions: {
      ...positionsOf(playState),
      ...(typeof location === 'string' ? { [between.personaId]: location } : {}),
    },
    time: typeof time === 'string' ? time : null,
    weather: between.weather,
  });
  const log: readonly LogEntry[] = settled.log;
  return { ...playState, events: { ...events, world: toJson(settled.state), boundaryLog: toJson(log) } };
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
