import { createWorldState } from './create-world.ts';
import type { WorldInit } from './create-world.ts';
import { parseClock } from './time-of-day.ts';
import type { Lighting, Place, Scalar, WorldState } from './types.ts';

/**
 * The shape of a story pack's places and `world/` files, stated here structurally so this room needs nothing from
 * engine/pack: the pack's loaded `locations` and `world` fit these types as they are.
 */
export type PackPlaceSpec = {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly connections: readonly { readonly to: string; readonly travelMinutes?: number | undefined }[];
};

export type PackWorldSpec = {
  readonly locations: readonly {
    readonly id: string;
    readonly zone?: string | undefined;
    readonly lighting: Lighting;
    readonly capacity?: number | undefined;
    readonly overlooks: readonly string[];
    readonly ways: readonly { readonly to: string; readonly door?: string | undefined; readonly seeThrough: boolean }[];
  }[];
  readonly objects: readonly {
    readonly id: string;
    readonly name: string;
    readonly description: string;
    readonly kind: 'portable' | 'fixed' | 'interactive';
    readonly location?: string | undefined;
    readonly holder?: string | undefined;
    readonly in?: string | undefined;
    readonly owner?: string | undefined;
    readonly hidden: boolean;
    readonly state: { readonly [key: string]: Scalar };
    readonly key?: string | undefined;
    readonly container: boolean;
  }[];
  readonly environment: {
    readonly time?: string | undefined;
    readonly weather?: string | undefined;
    readonly mood?: string | undefined;
    readonly tension?: number | undefined;
    readonly noise?: number | undefined;
    readonly flags: { readonly [key: string]: Scalar };
  } | null;
};

export type PackAgentSpec = { readonly id: string; readonly name: string; readonly location: string };

/** The initial world of a scene: the pack's places and world files, with the agents the turn places in it. */
export function worldFromPack(
  places: readonly PackPlaceSpec[],
  world: PackWorldSpec | undefined,
  agents: readonly PackAgentSpec[],
): WorldState {
  const extras = new Map((world?.locations ?? []).map((location) => [location.id, location]));
  const env = world?.environment ?? null;
  const minute = env?.time === undefined ? null : parseClock(env.time);
  const init: WorldInit = {
    locations: places.map((place) => {
      const extra = extras.get(place.id);
      return {
        id: place.id,
        name: place.name,
        description: place.description,
        zone: extra?.zone ?? null,
        lighting: extra?.lighting ?? 'normal',
        capacity: extra?.capacity ?? null,
        overlooks: extra?.overlooks ?? [],
        connections: place.connections.map((connection) => {
          // A way authored only from the other end is the same way back: its door and its sight hold both ways.
          const way =
            extra?.ways.find((candidate) => candidate.to === connection.to) ??
            extras.get(connection.to)?.ways.find((candidate) => candidate.to === place.id);
          // A way with no authored travel time still costs something, so paths prefer fewer steps.
          return {
            to: connection.to,
            cost: connection.travelMinutes ?? 1,
            door: way?.door ?? null,
            seeThrough: way?.seeThrough ?? true,
          };
        }),
      };
    }),
    agents: agents.map((agent) => ({ ...agent })),
    objects: (world?.objects ?? []).map((object) => ({
      id: object.id,
      name: object.name,
      description: object.description,
      kind: object.kind,
      place: placeOf(object),
      owner: object.owner ?? null,
      visibility: object.hidden ? 'hidden' : 'visible',
      state: object.state,
      keyId: object.key ?? null,
      container: object.container,
    })),
    environment: {
      ...(minute !== null && { minuteOfDay: minute }),
      ...(env?.weather !== undefined && { weather: env.weather }),
      ...(env?.mood !== undefined && { mood: env.mood }),
      ...(env?.tension !== undefined && { tension: env.tension }),
      ...(env?.noise !== undefined && { noise: env.noise }),
      flags: env?.flags ?? {},
    },
  };
  return createWorldState(init);
}

/** The pack schema guarantees exactly one of location, holder and in. */
function placeOf(object: PackWorldSpec['objects'][number]): Place {
  if (object.holder !== undefined) return { at: 'agent', id: object.holder };
  if (object.in !== undefined) return { at: 'container', id: object.in };
  return { at: 'location', id: object.location ?? '' };
}
