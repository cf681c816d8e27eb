import type { CreatedName, PackSummary } from '../engine.ts';

export type NameOf = (owner: string) => string;

/** Display names for message owners: the pack's characters and personas, those the story created, else the id. */
export function namesOf(
  pack: Pick<PackSummary, 'characters' | 'personas'> | undefined,
  created: readonly CreatedName[] = [],
): NameOf {
  const names = new Map<string, string>();
  for (const character of [...(pack?.characters ?? []), ...created]) names.set(character.id, character.name);
  for (const persona of pack?.personas ?? []) names.set(persona.id, persona.name);
  return (owner) => names.get(owner) ?? owner;
}
