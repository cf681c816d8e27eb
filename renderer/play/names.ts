import type { PackSummary } from '../engine.ts';

export type NameOf = (owner: string) => string;

/** Display names for message owners: the pack's characters and personas, falling back to the id. */
export function namesOf(pack: PackSummary | undefined): NameOf {
  const names = new Map<string, string>();
  for (const character of pack?.characters ?? []) names.set(character.id, character.name);
  for (const persona of pack?.personas ?? []) names.set(persona.id, persona.name);
  return (owner) => names.get(owner) ?? owner;
}
