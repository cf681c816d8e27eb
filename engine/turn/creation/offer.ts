import type { StoryPack } from '../../pack/index.ts';
import type { CreationOffer } from '../outputs.ts';
import type { PlayState } from '../play-state.ts';
import type { Created } from './created.ts';

/** Creations a scene may hold when the pack says only `tuning.creation: true` (or nothing). */
export const DEFAULT_CREATIONS_PER_SCENE = 2;
/** One turn asks for at most this many, whatever the scene has left: a turn that needs more is recasting the story. */
const MAX_PER_TURN = 2;

/** How many creations one scene may hold: the pack's number, 0 when it forbids creation, else the default. */
export function creationsPerScene(pack: StoryPack): number {
  const tuning = pack.manifest.tuning.creation;
  if (tuning === undefined || tuning === true) return DEFAULT_CREATIONS_PER_SCENE;
  return tuning === false ? 0 : tuning;
}

/**
 * What this turn's Narrator may create: up to what the scene has left, put in the scene's place or one a way from it.
 * Null when the pack forbids creation or the scene used up its share: the Narrator's schema and prompt then carry
 * nothing of it.
 */
export function creationOffer(pack: StoryPack, state: PlayState, created: Created): CreationOffer | null {
  const used = created.made.filter((made) => made.scene === state.scene).length;
  const max = Math.min(MAX_PER_TURN, creationsPerScene(pack) - used);
  if (max < 1) return null;
  const here = pack.locations.find((location) => location.id === state.location);
  if (here === undefined) return null;
  const near = pack.locations.filter(
    (location) =>
      location.id !== here.id &&
      (here.connections.some((way) => way.to === location.id) ||
        location.connections.some((way) => way.to === here.id)),
  );
  return { places: [here.id, ...near.map((location) => location.id)], max };
}

/** The Narrator's note on the call that may create: what a request is and where it may put what it makes. */
export function creationBrief(pack: StoryPack, offer: CreationOffer): string {
  const places = offer.places
    .map((id) => `${id} (${pack.locations.find((location) => location.id === id)?.name ?? id})`)
    .join(', ');
  return [
    `Only if the story needs someone or something this world lacks (a dock hand to answer, a back room, a letter), you`,
    `may add "create": up to ${offer.max}, each {kind: character, location or object; name; concept: one line, a`,
    `character's own secret; where: one of ${places}; why: why now}. Never for anyone or anything already here.`,
  ].join('\n');
}
