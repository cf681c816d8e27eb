import type { DiagnosticSink } from './diagnostics.ts';
import { givesAway, nameWords } from './distinctive-phrases.ts';
import { narrativeItems } from './narrative-file.ts';
import type { Section } from './pack-files.ts';
import { at } from './references.ts';
import type { Character } from './schema/characters.ts';
import type { StoryLocation } from './schema/locations.ts';
import type { LoreEntry } from './schema/lore.ts';
import type { PackScene } from './schema/narrative-scene.ts';
import type { PackNarrative } from './schema/narrative.ts';
import type { WorldObjectSpec } from './schema/world.ts';
import type { StoryPack } from './types.ts';

export interface GuardedPhraseSections {
  readonly narrative: Section<PackNarrative>;
  readonly characters: Section<Character>;
  readonly locations: Section<StoryLocation>;
  readonly lore: Section<LoreEntry>;
  readonly objects: Section<WorldObjectSpec>;
}

/** The parts of a story whose text the Narrator always sees, or whose names are ordinary words within it. */
export interface StoryText {
  readonly scenes: readonly Pick<PackScene, 'id' | 'stakes' | 'tonalSignature' | 'thematicRegister'>[];
  readonly characters: readonly Pick<Character, 'name' | 'aliases' | 'description'>[];
  readonly locations: readonly Pick<StoryLocation, 'name'>[];
  readonly objects: readonly Pick<WorldObjectSpec, 'name' | 'aliases'>[];
  readonly lore: readonly Pick<LoreEntry, 'key' | 'content' | 'tags' | 'audience'>[];
  readonly gateIds: ReadonlySet<string>;
}

/** A loaded pack's text as the guarded-phrase checks read it. */
export function packStoryText(pack: StoryPack): StoryText {
  return {
    scenes: pack.narrative.scenes,
    characters: pack.characters,
    locations: pack.locations,
    objects: pack.world?.objects ?? [],
    lore: pack.lore,
    gateIds: new Set(pack.narrative.gates.map((gate) => gate.id)),
  };
}

/** The words of a story's names (characters, places, objects, lore keys): ordinary within it, distinctive of nothing. */
export function storyNameWords(story: StoryText): Set<string> {
  return nameWords([
    ...story.characters.flatMap((character) => [character.name, ...character.aliases]),
    ...story.locations.map((location) => location.name),
    ...story.objects.flatMap((object) => [object.name, ...object.aliases]),
    ...story.lore.map((entry) => entry.key),
  ]);
}

/**
 * Text every prompt may hold before any gate opens: scene stakes, tone and themes, character descriptions, and lore no
 * gate withholds that `loreAudience` may read (validate reads all of it; the leak audit, what one principal may).
 */
export function alwaysVisibleText(
  story: StoryText,
  loreAudience: (audience: string) => boolean = () => true,
): { readonly where: string; readonly text: string }[] {
  return [
    ...story.scenes.flatMap((scene) => [
      { where: `scene "${scene.id}" stakes`, text: scene.stakes },
      { where: `scene "${scene.id}" tone`, text: scene.tonalSignature },
      { where: `scene "${scene.id}" themes`, text: scene.thematicRegister.join(', ') },
    ]),
    ...story.lore
      .filter((entry) => loreAudience(entry.audience) && !entry.tags.some((tag) => story.gateIds.has(tag)))
      .map((entry) => ({ where: `lore "${entry.key}"`, text: entry.content })),
    ...story.characters.map((character) => ({
      where: `${character.name}'s description`,
      text: character.description,
    })),
  ];
}

/**
 * A gate's guarded facts must not be given away by text the Narrator always sees (scene stakes, tone and themes,
 * lore no gate withholds, character descriptions): a warning names the distinctive phrases a fact shares with such
 * text when there are enough of them to give it away, so a paraphrase is caught as well as a copy. The story's own
 * names are ordinary words here.
 */
export function checkGuardedPhrases(sections: GuardedPhraseSections, sink: DiagnosticSink): void {
  if (!sections.narrative.complete) return;
  const gates = narrativeItems(sections.narrative, 'gates').items;
  const values = <T>(section: { readonly items: readonly { readonly value: T }[] }): T[] =>
    section.items.map((item) => item.value);
  const story: StoryText = {
    scenes: values(narrativeItems(sections.narrative, 'scenes')),
    characters: values(sections.characters),
    locations: values(sections.locations),
    objects: values(sections.objects),
    lore: values(sections.lore),
    gateIds: new Set(gates.map((gate) => gate.value.id)),
  };
  const ordinary = storyNameWords(story);
  const visible = alwaysVisibleText(story);
  for (const gate of gates) {
    for (const [index, fact] of gate.value.facts.entries()) {
      for (const { where, text } of visible) {
        const shared = givesAway(fact, text, ordinary);
        if (shared === null) continue;
        const phrases = shared.map((phrase) => `"${phrase}"`).join(', ');
        sink.warning(
          at(gate, ['facts', index], 'value'),
          `gate "${gate.value.id}" guards a fact that shares ${phrases} with ${where}, which the Narrator always sees: the fact leaks before the gate opens`,
        );
        break;
      }
    }
  }
}
