import { worldFromPack, worldProblems, type WorldProblem, type WorldProblemCode } from '../world/index.ts';
import type { DiagnosticSink } from './diagnostics.ts';
import { at, type PackSections, type WorldSections } from './references.ts';
import type { WorldObjectSpec } from './schema/world.ts';
import { didYouMean } from './suggest.ts';

/**
 * The problems the world's own check finds that the reference checks do not (those report unknown ids with their own
 * suggestions): the pack is judged by the same check a save is restored with, so a world that loads is one actions
 * can run on.
 */
const REPORTED_HERE: ReadonlySet<WorldProblemCode> = new Set<WorldProblemCode>([
  'not_container',
  'inside_itself',
  'door_not_openable',
  'key_nowhere',
]);

/**
 * Builds the initial world of the pack exactly as a new save will (engine/world's worldFromPack) and reports every
 * impossibility at the object it concerns: an object inside itself, in something that is not a container, a door
 * without an `open` state; a lock whose key exists nowhere is a warning.
 */
export function checkWorldSoundness(sections: PackSections, world: WorldSections, sink: DiagnosticSink): void {
  const parts = [sections.locations, sections.characters, sections.personas, world.locations, world.objects];
  if (parts.some((section) => !section.complete) || world.objects.items.length === 0) return;
  const start = sections.story?.value.start.location ?? sections.locations.items[0]?.value.id ?? '';
  // Characters off-stage and personas stand at the start: only their existence matters to what is checked here.
  const agents = [...sections.characters.items, ...sections.personas.items].map(({ value }) => ({
    id: value.id,
    name: value.name,
    location: ('location' in value ? value.location : undefined) ?? start,
  }));
  const state = worldFromPack(
    sections.locations.items.map((item) => item.value),
    {
      locations: world.locations.items.map((item) => item.value),
      objects: world.objects.items.map((item) => item.value),
      environment: null,
    },
    agents,
  );
  const objectIds = world.objects.items.map((item) => item.value.id);
  for (const problem of worldProblems(state)) {
    if (!REPORTED_HERE.has(problem.code) || problem.entity !== 'object') continue;
    const item = world.objects.items.find((candidate) => candidate.value.id === problem.id);
    if (item === undefined) continue;
    const position = at(item, [problem.field], 'value');
    const message = messageFor(problem, item.value, objectIds);
    if (problem.severity === 'warning') sink.warning(position, message);
    else sink.error(position, message);
  }
}

function messageFor(problem: WorldProblem, object: WorldObjectSpec, objectIds: readonly string[]): string {
  switch (problem.code) {
    case 'not_container':
      return `"${object.id}" is in "${object.in ?? ''}", which is not a container; set container: true on "${object.in ?? ''}" or give "${object.id}" a location or a holder`;
    case 'door_not_openable':
      return `"${object.id}" is the door of a way but has no open state, so nobody could ever pass; give it state: { open: false }`;
    case 'key_nowhere':
      return `"${object.id}" is locked by "${object.key ?? ''}", which exists nowhere in the world${didYouMean(object.key ?? '', objectIds)}; nobody can lock or unlock it`;
    default:
      return problem.message;
  }
}
