import type { StoryPack } from './types.ts';

/**
 * How prose names the ids of a pack: places and characters by name, objects as "the …", the persona (and the event
 * system's "player") by the persona's name; an unknown id reads as its words.
 */
export function entityNamer(pack: StoryPack, personaId: string): (id: string) => string {
  const names = new Map<string, string>([
    ...pack.locations.map((location) => [location.id, location.name] as const),
    ...(pack.world?.objects ?? []).map((object) => [object.id, `the ${object.name}`] as const),
    ...pack.characters.map((character) => [character.id, character.name] as const),
  ]);
  const persona = pack.personas.find((candidate) => candidate.id === personaId)?.name ?? personaId;
  names.set('player', persona).set(personaId, persona);
  return (id) => names.get(id) ?? id.replace(/[-_]/gu, ' ');
}

/** What a reference to a character is matched against: its id, its name, its aliases. */
export interface NamedCharacter {
  readonly id: string;
  readonly name: string;
  readonly aliases: readonly string[];
}

/**
 * The character a reference names by id, name or alias, ignoring case and surrounding space (a dialog cue, a
 * /whisper target, a simulation reply); undefined when none of them is named so.
 */
export function findCharacter<T extends NamedCharacter>(characters: readonly T[], reference: string): T | undefined {
  const wanted = reference.trim().toLowerCase();
  return characters.find(
    (character) =>
      character.id === wanted ||
      character.name.toLowerCase() === wanted ||
      character.aliases.some((alias) => alias.toLowerCase() === wanted),
  );
}
