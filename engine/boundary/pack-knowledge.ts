import { emptyKnowledgeStore, inWorldMinutes, recordLore, type KnowledgeStore, type LoreFact } from '../npc/index.ts';
import type { StoryPack } from '../pack/index.ts';

/**
 * The World KG a story starts with (Lorebook = World KG, ARCHITECTURE §8.2): the pack's world lore and what anyone can
 * see of its characters, as facts from the pack dated at the story's start. Persona and character-only lore stay out:
 * the World KG is public.
 */
export function packKnowledge(pack: StoryPack): KnowledgeStore {
  const time = inWorldMinutes(pack.manifest.start.time);
  if (time === null) return emptyKnowledgeStore();
  const mentions = mentionFinder(pack);
  const lore = pack.lore
    .filter((entry) => !entry.disabled && entry.audience === 'world')
    .sort((a, b) => a.order - b.order)
    .map((entry): LoreFact => ({
      key: entry.key,
      content: entry.content,
      entities: mentions(`${entry.key} ${entry.aliases.join(' ')} ${entry.content}`),
      tags: entry.tags,
    }));
  const people = pack.characters.map((character): LoreFact => ({
    key: character.name,
    content: character.description,
    entities: [character.id],
    tags: ['character'],
  }));
  return recordLore(emptyKnowledgeStore(), [...lore, ...people], time, { source: 'pack', ref: null });
}

/** Ids of the pack's characters, personas and places a text names (by name or alias), so retrieval finds it by entity. */
export function mentionFinder(pack: StoryPack): (text: string) => string[] {
  const named = [
    ...pack.characters.map((character) => ({ id: character.id, names: [character.name, ...character.aliases] })),
    ...pack.personas.map((persona) => ({ id: persona.id, names: [persona.name] })),
    ...pack.locations.map((location) => ({ id: location.id, names: [location.name] })),
  ];
  return (text) => {
    const lower = text.toLowerCase();
    return named
      .filter(({ names }) => names.some((name) => name.trim() !== '' && lower.includes(name.toLowerCase())))
      .map(({ id }) => id);
  };
}
