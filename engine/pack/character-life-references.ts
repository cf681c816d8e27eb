import { DEFAULT_ARC_IMPORTANT_CAP } from '../npc/index.ts';
import type { DiagnosticSink } from './diagnostics.ts';
import { PACK_FILES } from './pack-layout.ts';
import { packTierOf } from './schema/character-life.ts';
import { at, resolve, targetOf, type PackSections, type Target } from './references.ts';

/**
 * Routines name places, goals name people, world momentum names either; each reference must resolve, and each
 * problem points at the reference in question. More arc_important characters than npc-simulation.md's cap ("~8
 * maximum") is an authoring error, not something to trim: it is reported at the first one over.
 */
export function checkCharacterLifeReferences(sections: PackSections, sink: DiagnosticSink): void {
  const places = targetOf(sections.locations, 'location', PACK_FILES.locations);
  const people: Target = {
    ...targetOf(sections.characters, 'character or persona', 'characters'),
    ids: new Set(['player', ...[...sections.characters.items, ...sections.personas.items].map((i) => i.value.id)]),
  };
  const hint = '; use "player" for the persona';
  let arcImportant = 0;
  for (const character of sections.characters.items) {
    const { routine, goals, tier } = character.value;
    for (const [index, slot] of routine.entries())
      resolve(character, ['routine', index, 'location'], slot.location, places, sink);
    for (const [index, goal] of goals.entries()) {
      if (typeof goal === 'string') continue;
      for (const [which, id] of goal.involves.entries())
        resolve(character, ['goals', index, 'involves', which], id, people, sink, hint);
    }
    if (packTierOf(character.value) === 'arc_important') arcImportant += 1;
    if (packTierOf(character.value) === 'arc_important' && arcImportant === DEFAULT_ARC_IMPORTANT_CAP + 1) {
      // A baked character without a tier is arc_important by default: point at what made it so.
      sink.error(
        at(character, [tier === undefined ? 'baked' : 'tier'], 'value'),
        `more than ${DEFAULT_ARC_IMPORTANT_CAP} arc_important characters; make this one significant (stories carry 4–6 with full agency)`,
      );
    }
  }
  const story = sections.story;
  if (story === null) return;
  const placesAndPeople: Target = {
    ...people,
    what: 'character or location',
    ids: new Set([...people.ids, ...places.ids]),
    section: places.section.complete ? people.section : places.section,
  };
  for (const [index, force] of story.value.worldMomentum.entries()) {
    for (const [which, id] of force.involves.entries())
      resolve(story, ['worldMomentum', index, 'involves', which], id, placesAndPeople, sink);
  }
}
