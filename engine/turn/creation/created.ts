import { z } from 'zod';
import {
  characterSchema,
  locationSchema,
  worldObjectSchema,
  type Character,
  type LocationConnection,
  type StoryLocation,
  type StoryPack,
  type WorldObjectSpec,
} from '../../pack/index.ts';
import { CREATIONS_CHECKPOINT, type SaveStore } from '../../store/index.ts';
import { CREATION_KINDS } from '../outputs.ts';

export { CREATIONS_CHECKPOINT };

/** One thing the story created: what inspect and the Characters tab mark, and what a scene's limit counts. */
const madeSchema = z.strictObject({
  kind: z.enum(CREATION_KINDS),
  id: z.string().min(1),
  name: z.string().min(1),
  turn: z.number().int().positive(),
  scene: z.number().int().positive(),
  /** The Narrator's reason, for the debug views (never a prompt). */
  why: z.string(),
});

/**
 * Everything the story created so far, in the pack's own shapes and validated by the pack's own schemas: the
 * `creations` checkpoint, written whole on the turn that created something, so `/undo` before that turn loses it.
 */
export const createdSchema = z.strictObject({
  version: z.literal(1),
  made: z.array(madeSchema),
  characters: z.array(characterSchema),
  locations: z.array(locationSchema),
  objects: z.array(worldObjectSchema),
});

export type Created = z.output<typeof createdSchema>;
export type Made = Created['made'][number];

export const NOTHING_CREATED: Created = { version: 1, made: [], characters: [], locations: [], objects: [] };

/** The save's creations as of a turn (the latest by default); a checkpoint of another shape is a bug: it throws. */
export function createdAt(store: Pick<SaveStore, 'latestCheckpoint' | 'path'>, turn?: number): Created {
  const checkpoint = store.latestCheckpoint(CREATIONS_CHECKPOINT, turn);
  if (checkpoint === null) return NOTHING_CREATED;
  const parsed = createdSchema.safeParse(checkpoint.data);
  if (!parsed.success)
    throw new Error(`${store.path}: the story's creations are unreadable: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/**
 * The pack as this save plays it: the pack's characters, places and things, then what the story created, a created
 * place joined to the map both ways. The same pack when nothing was created.
 */
export function withCreations(pack: StoryPack, created: Created): StoryPack {
  if (created.made.length === 0) return pack;
  const back = new Map<string, LocationConnection[]>();
  for (const location of created.locations)
    for (const way of location.connections)
      back.set(way.to, [...(back.get(way.to) ?? []), { to: location.id, description: '' }]);
  const locations = [...pack.locations, ...created.locations].map((location): StoryLocation => {
    const ways = (back.get(location.id) ?? []).filter((way) => !location.connections.some((c) => c.to === way.to));
    return ways.length === 0 ? location : { ...location, connections: [...location.connections, ...ways] };
  });
  const characters: Character[] = [...pack.characters, ...created.characters];
  const objects: WorldObjectSpec[] = [...(pack.world?.objects ?? []), ...created.objects];
  return { ...pack, characters, locations, ...(pack.world === undefined ? {} : { world: { ...pack.world, objects } }) };
}

/** Whether the story created this id (a character, place or thing). */
export function isCreated(created: Created, id: string): boolean {
  return created.made.some((made) => made.id === id);
}

/** The pack as a save plays it now: with everything its story created so far (see withCreations). */
export function playedPack(pack: StoryPack, store: Pick<SaveStore, 'latestCheckpoint' | 'path'>): StoryPack {
  return withCreations(pack, createdAt(store));
}

/** The characters the story created, by id and name (speakers the pack's summary does not name). */
export function createdNames(store: Pick<SaveStore, 'latestCheckpoint' | 'path'>): { id: string; name: string }[] {
  return createdAt(store).characters.map(({ id, name }) => ({ id, name }));
}
