import { z } from 'zod';
import type { StoryPack } from '../pack/index.ts';
import type { SceneMarkerKind } from '../stream/index.ts';
import { eventStateSchema } from './classify/event-state.ts';

/**
 * Everything a turn changes besides the stream: where everyone is, the in-world time, states, the lore the Lore
 * Extractor learned, and scene markers waiting for the next turn. Saved as a `play_state` checkpoint with each turn,
 * so a fork (undo, rewind) carries the state of its turn.
 */
const stateSchema = z.strictObject({ name: z.string(), level: z.number().int(), category: z.string() });
const pendingMarkerSchema = z.strictObject({
  marker: z.enum(['location_change', 'time_skip', 'scene_open', 'scene_close']),
  from: z.string().optional(),
  to: z.string().optional(),
  duration: z.string().optional(),
});

export const playStateSchema = z.strictObject({
  version: z.literal(1),
  location: z.string(),
  time: z.string(),
  scene: z.number().int().min(1),
  /** Character id → location id (absent: off-stage). */
  positions: z.record(z.string(), z.string()),
  states: z.record(z.string(), z.array(stateSchema)),
  lore: z.array(z.strictObject({ key: z.string(), content: z.string(), turn: z.number().int() })),
  pendingMarkers: z.array(pendingMarkerSchema),
  /** Set after a /skip closed the scene: the next turn opens one, though it carries no marker of its own. */
  sceneOpening: z.literal(true).optional(),
  /** Who was here when the scene was entered: the Narrator's cast for the whole scene (absent before a turn). */
  cast: z.strictObject({ scene: z.number().int(), location: z.string(), ids: z.array(z.string()) }).optional(),
  /** The event system's state (absent in saves from before it, and until the first turn). */
  events: eventStateSchema.optional(),
});

export type PlayState = z.infer<typeof playStateSchema>;
export type PendingMarker = z.infer<typeof pendingMarkerSchema> & { readonly marker: SceneMarkerKind };
export type ExtractedLore = PlayState['lore'][number];

export { PLAY_STATE_CHECKPOINT } from '../boundary/index.ts';

export function initialPlayState(pack: StoryPack, personaId: string): PlayState {
  const persona = pack.personas.find((candidate) => candidate.id === personaId);
  const states: Record<string, PlayState['states'][string]> = { [personaId]: [...(persona?.states ?? [])] };
  const positions: Record<string, string> = {};
  for (const character of pack.characters) {
    states[character.id] = [...character.states];
    if (character.location !== undefined) positions[character.id] = character.location;
  }
  return {
    version: 1,
    location: pack.manifest.start.location,
    time: pack.manifest.start.time,
    scene: 1,
    positions,
    states,
    lore: [],
    pendingMarkers: [{ marker: 'scene_open' }],
  };
}

/**
 * Whether the next turn opens a scene: the story's first, or the one after a scene closed — by /end scene (a
 * scene_open marker), by leaving for another place (a location_change marker) or by /skip (the flag).
 */
export function opensScene(state: PlayState): boolean {
  return (
    state.sceneOpening === true ||
    state.pendingMarkers.some((marker) => marker.marker === 'scene_open' || marker.marker === 'location_change')
  );
}

/** The state once its turn has opened the scene. */
export function withoutOpening(state: PlayState): PlayState {
  const { sceneOpening: _opened, ...rest } = state;
  return rest;
}

/** The state with the scene's cast fixed: taken from who is present when a new scene or place is entered. */
export function withSceneCast(state: PlayState): PlayState {
  const { cast } = state;
  if (cast !== undefined && cast.scene === state.scene && cast.location === state.location) return state;
  const ids = Object.keys(state.positions).filter((id) => state.positions[id] === state.location);
  return { ...state, cast: { scene: state.scene, location: state.location, ids } };
}

/** The state saved with the last turn; a checkpoint written by an incompatible build is reported, not guessed at. */
export function playStateFromCheckpoint(data: unknown, source: string): PlayState {
  const parsed = playStateSchema.safeParse(data);
  if (!parsed.success)
    throw new Error(`${source}: the saved play state is unreadable: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
