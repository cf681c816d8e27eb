import type { DiagnosticSink } from './diagnostics.ts';
import { givesAway, nameWords } from './distinctive-phrases.ts';
import { narrativeItems } from './narrative-file.ts';
import type { Section } from './pack-files.ts';
import { at } from './references.ts';
import type { Character } from './schema/characters.ts';
import type { StoryLocation } from './schema/locations.ts';
import type { LoreEntry } from './schema/lore.ts';
import type { PackNarrative } from './schema/narrative.ts';
import type { WorldObjectSpec } from './schema/world.ts';

export interface GuardedPhraseSections {
  readonly narrative: Section<PackNarrative>;
  readonly characters: Section<Character>;
  readonly locations: Section<StoryLocation>;
  readonly lore: Section<LoreEntry>;
  readonly objects: Section<WorldObjectSpec>;
}

/**
 * A gate's guarded facts must not be given away by text the Narrator always sees (scene stakes, tone and themes,
 * lore no gate withholds, character descriptions): a warning names the distinctive phrases a fact shares with such
 * text when there are enough of them to give it away, so a paraphrase is caught as well as a copy. The story's own names are ordinary words here.
 */
export function checkGuardedPhrases(sections: GuardedPhraseSections, sink: DiagnosticSink): void {
  if (!sections.narrative.complete) return;
  const gates = narrativeItems(sections.narrative, 'gates').items;
  const gateIds = new Set(gates.map((gate) => gate.value.id));
  const ordinary = nameWords([
    ...sections.characters.items.flatMap(({ value }) => [value.name, ...value.aliases]),
    ...sections.locations.items.map(({ value }) => value.name),
    ...sections.objects.items.flatMap(({ value }) => [value.name, ...value.aliases]),
    ...sections.lore.items.map(({ value }) => value.key),
  ]);
  const visible: { readonly where: string; readonly text: string }[] = [
    ...narrativeItems(sections.narrative, 'scenes').items.flatMap(({ value: scene }) => [
      { where: `scene "${scene.id}" stakes`, text: scene.stakes },
      { where: `scene "${scene.id}" tone`, text: scene.tonalSignature },
      { where: `scene "${scene.id}" themes`, text: scene.thematicRegister.join(', ') },
    ]),
    ...sections.lore.items
      .filter(({ value }) => !value.tags.some((tag) => gateIds.has(tag)))
      .map(({ value }) => ({ where: `lore "${value.key}"`, text: value.content })),
    ...sections.characters.items.map(({ value }) => ({
      where: `${value.name}'s description`,
      text: value.description,
    })),
  ];
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
