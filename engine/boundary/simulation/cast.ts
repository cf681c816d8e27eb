import { findCharacter, type StoryPack } from '../../pack/index.ts';

/** How the simulation prompts name the story's people and places, and how replies' names are read back. */

export function storyHeader(pack: StoryPack): { title: string; description: string } {
  return { title: pack.manifest.title, description: pack.manifest.description };
}

/** A character a reply names by id, name or alias; null when the story has no such character. */
export function characterId(pack: StoryPack, reference: string): string | null {
  return findCharacter(pack.characters, reference)?.id ?? null;
}

export function characterName(pack: StoryPack, id: string): string {
  return [...pack.characters, ...pack.personas].find((person) => person.id === id)?.name ?? id;
}

export function placeName(pack: StoryPack, id: string): string {
  return pack.locations.find((location) => location.id === id)?.name ?? id;
}

/** `id — name` of every character and persona, for entities and character_events. */
export function castLine(pack: StoryPack): string {
  return [...pack.personas, ...pack.characters].map((person) => `${person.id} — ${person.name}`).join(', ');
}

export function placesLine(pack: StoryPack): string {
  return pack.locations.map((location) => `${location.id} — ${location.name}`).join(', ');
}

/** Ids a reply may name as entities: the story's people and places (anything else the model made up is dropped). */
export function knownIds(pack: StoryPack): ReadonlySet<string> {
  return new Set([
    ...pack.personas.map((persona) => persona.id),
    ...pack.characters.map((character) => character.id),
    ...pack.locations.map((location) => location.id),
  ]);
}

/** A location id the reply gave, when it is one of the story's places. */
export function knownPlace(pack: StoryPack, id: string | null): string | null {
  return id !== null && pack.locations.some((location) => location.id === id) ? id : null;
}
