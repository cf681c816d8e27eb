import { judgmentForProposition, judgmentSubjects, type Subscription } from '../events/index.ts';
import type { DiagnosticSink, SourcePosition } from './diagnostics.ts';
import type { Section, Sourced } from './pack-files.ts';
import { PACK_FILES, WORLD_FILES } from './pack-layout.ts';
import type { Character } from './schema/characters.ts';
import type { StoryLocation } from './schema/locations.ts';
import { PERSONA_AUDIENCE, WORLD_AUDIENCE, loreIdentity, type LoreEntry } from './schema/lore.ts';
import type { Persona } from './schema/personas.ts';
import type { StoryManifest } from './schema/story.ts';
import type { WorldLocationSpec, WorldObjectSpec } from './schema/world.ts';
import { didYouMean } from './suggest.ts';
import { positionAt, type DataPath } from './yaml-locate.ts';

export interface PackSections {
  readonly story: Sourced<StoryManifest> | null;
  readonly personas: Section<Persona>;
  readonly characters: Section<Character>;
  readonly locations: Section<StoryLocation>;
  readonly lore: Section<LoreEntry>;
}

/** Message owners besides personas and characters, and the lore audiences that are not characters. */
const RESERVED_IDS = ['system', 'narrator', WORLD_AUDIENCE, PERSONA_AUDIENCE];

/** Cross-file checks: unique ids and references that resolve. Each problem points at the id or reference in question. */
export function checkReferences(sections: PackSections, sink: DiagnosticSink): void {
  checkIds(sections, sink);
  checkLinks(sections, sink);
  checkSharedNames(sections.characters, sink);
}

function checkIds({ personas, characters, locations, lore }: PackSections, sink: DiagnosticSink): void {
  const owners = [...personas.items, ...characters.items];
  // Personas and characters both own messages in the stream, so they share one id space.
  checkUnique(owners, (item) => item.id, 'persona or character id', sink);
  checkUnique(locations.items, (item) => item.id, 'location id', sink);
  // An entry with an id is known by it; older packs name entries by key and audience, so those pairs stay unique.
  const withId = lore.items.filter((item) => item.value.id !== undefined);
  const byKey = lore.items.filter((item) => item.value.id === undefined);
  checkUnique(withId, loreIdentity, 'lore id', sink, ['id']);
  checkUnique(byKey, (item) => loreIdentity(item), 'lore key for this audience (give the entries ids)', sink, ['key']);
  for (const owner of owners) {
    const { id } = owner.value;
    if (RESERVED_IDS.includes(id)) sink.error(at(owner, ['id'], 'value'), `"${id}" is reserved; choose another id`);
  }
}

function checkLinks({ story, personas, characters, locations, lore }: PackSections, sink: DiagnosticSink): void {
  const places = targetOf(locations, 'location', PACK_FILES.locations);
  if (story) {
    const { start } = story.value;
    resolve(story, ['start', 'location'], start.location, places, sink);
    resolve(story, ['start', 'persona'], start.persona, targetOf(personas, 'persona', PACK_FILES.personas), sink);
  }
  for (const character of characters.items) {
    const { location } = character.value;
    if (location !== undefined) resolve(character, ['location'], location, places, sink);
  }
  for (const location of locations.items) {
    for (const [index, connection] of location.value.connections.entries()) {
      resolve(location, ['connections', index, 'to'], connection.to, places, sink);
    }
  }
  const audiences = targetOf(characters, 'character', 'characters.yaml or characters/');
  const hint = `; audience is "${WORLD_AUDIENCE}", "${PERSONA_AUDIENCE}" or a character id`;
  for (const entry of lore.items) {
    const { audience } = entry.value;
    if (audience !== WORLD_AUDIENCE && audience !== PERSONA_AUDIENCE)
      resolve(entry, ['audience'], audience, audiences, sink, hint);
  }
}

export interface WorldSections {
  readonly locations: Section<WorldLocationSpec>;
  readonly objects: Section<WorldObjectSpec>;
}

/** The world/ files name places, people and objects of the rest of the pack; each reference must resolve. */
export function checkWorldReferences(sections: PackSections, world: WorldSections, sink: DiagnosticSink): void {
  checkUnique(world.locations.items, (item) => item.id, 'world location id', sink);
  checkUnique(world.objects.items, (item) => item.id, 'object id', sink);
  const places = targetOf(sections.locations, 'location', PACK_FILES.locations);
  const objects = targetOf(world.objects, 'object', WORLD_FILES.objects);
  const people = {
    ...targetOf(sections.characters, 'character or persona', 'characters'),
    ids: new Set([...sections.characters.items, ...sections.personas.items].map((item) => item.value.id)),
  };
  for (const location of world.locations.items) {
    resolve(location, ['id'], location.value.id, places, sink);
    for (const [index, seen] of location.value.overlooks.entries())
      resolve(location, ['overlooks', index], seen, places, sink);
    const connections =
      sections.locations.items.find((item) => item.value.id === location.value.id)?.value.connections ?? [];
    for (const [index, way] of location.value.ways.entries()) {
      if (sections.locations.complete && !connections.some((connection) => connection.to === way.to)) {
        sink.error(
          at(location, ['ways', index, 'to'], 'value'),
          `"${location.value.id}" has no connection to "${way.to}" in ${PACK_FILES.locations}`,
        );
      }
      if (way.door !== undefined) resolve(location, ['ways', index, 'door'], way.door, objects, sink);
    }
  }
  for (const object of world.objects.items) {
    const { location, holder, in: container, owner } = object.value;
    if (location !== undefined) resolve(object, ['location'], location, places, sink);
    if (holder !== undefined) resolve(object, ['holder'], holder, people, sink);
    if (owner !== undefined) resolve(object, ['owner'], owner, people, sink);
    if (container !== undefined) resolve(object, ['in'], container, objects, sink);
  }
  // A key that exists nowhere, an object inside itself or in a non-container: checkWorldSoundness (the world's check).
}

/** Triggers name the characters their effects and sensitivities concern: the player, or a character of the pack. */
export function checkTriggerReferences(
  sections: PackSections,
  triggers: Section<Subscription>,
  sink: DiagnosticSink,
): void {
  checkUnique(triggers.items, (item) => item.id, 'trigger id', sink);
  const people = {
    ...targetOf(sections.characters, 'character', 'characters'),
    ids: new Set(['player', ...sections.characters.items.map((item) => item.value.id)]),
  };
  const hint = '; use "player" for the persona';
  for (const trigger of triggers.items) {
    for (const [index, effect] of trigger.value.effects.entries()) {
      if (effect.kind === 'ShiftRelationship') {
        resolve(trigger, ['effects', index, 'from'], effect.from, people, sink, hint);
        resolve(trigger, ['effects', index, 'to'], effect.to, people, sink, hint);
      }
      if (effect.kind === 'FireEcho')
        resolve(trigger, ['effects', index, 'character'], effect.character, people, sink, hint);
    }
    for (const [index, sensitivity] of trigger.value.sensitivity.entries()) {
      const category = judgmentForProposition(sensitivity.proposition, 0);
      for (const subject of category === null ? [] : judgmentSubjects(category))
        resolve(trigger, ['sensitivity', index, 'proposition'], subject, people, sink, hint);
    }
  }
}

export interface Target {
  readonly section: Section<unknown>;
  readonly ids: ReadonlySet<string>;
  readonly what: string;
  readonly file: string;
}

export function targetOf(section: Section<{ id: string }>, what: string, file: string): Target {
  return { section, what, file, ids: new Set(section.items.map((item) => item.value.id)) };
}

export function resolve(
  from: Sourced<unknown>,
  path: DataPath,
  id: string,
  target: Target,
  sink: DiagnosticSink,
  hint = '',
): void {
  // A kind whose file failed to load has unknown ids: reporting every reference to it would bury the real error.
  if (!target.section.complete || target.ids.has(id)) return;
  const none = target.section.files.length === 0 ? ` (the pack has no ${target.file})` : '';
  sink.error(at(from, path, 'value'), `unknown ${target.what} "${id}"${didYouMean(id, target.ids)}${none}${hint}`);
}

export function checkUnique<T>(
  items: readonly Sourced<T>[],
  keyOf: (item: T) => string,
  what: string,
  sink: DiagnosticSink,
  keyPath: DataPath = ['id'],
): void {
  const first = new Map<string, SourcePosition>();
  for (const item of items) {
    const key = keyOf(item.value);
    const position = at(item, keyPath, 'value');
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, position);
    else
      sink.error(
        position,
        `duplicate ${what} "${key.split('\u0000')[0]}" (first defined at ${earlier.file}:${earlier.line}:${earlier.column})`,
      );
  }
}

/** The player names characters by name or alias; a name two characters share cannot tell them apart. */
function checkSharedNames(characters: Section<Character>, sink: DiagnosticSink): void {
  const owners = new Map<string, string>();
  for (const character of characters.items) {
    const names = new Set([character.value.name, ...character.value.aliases].map((name) => name.toLowerCase()));
    for (const name of names) {
      const owner = owners.get(name);
      if (owner === undefined) owners.set(name, character.value.id);
      else if (owner !== character.value.id) {
        sink.warning(
          at(character, ['id'], 'value'),
          `"${name}" names both "${owner}" and "${character.value.id}"; the player cannot tell them apart`,
        );
      }
    }
  }
}

export const at = (item: Sourced<unknown>, path: DataPath, target: 'key' | 'value' = 'key'): SourcePosition =>
  positionAt(item.yaml, [...item.path, ...path], target);
