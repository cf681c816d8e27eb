import type { DiagnosticSink } from './diagnostics.ts';
import type { Section } from './pack-files.ts';
import { positionAt } from './yaml-locate.ts';
import type { WorldObjectSpec } from './schema/world.ts';

/**
 * An object `in` a container that is, through its own `in`, inside the object again (box-a in box-b in box-a, or a
 * box in itself) is nowhere in the world: no location holds the chain. Each such loop is reported once, at the `in`
 * of its first object in file order, with the whole loop spelled out.
 */
export function checkContainmentCycles(objects: Section<WorldObjectSpec>, sink: DiagnosticSink): void {
  const containerOf = new Map<string, string>();
  for (const object of objects.items) {
    if (object.value.in !== undefined && !containerOf.has(object.value.id)) {
      containerOf.set(object.value.id, object.value.in);
    }
  }
  const reported = new Set<string>();
  for (const object of objects.items) {
    const { id } = object.value;
    if (reported.has(id) || containerOf.get(id) === undefined) continue;
    const loop = loopThrough(id, containerOf);
    if (loop === null) continue;
    loop.forEach((member) => reported.add(member));
    const chain = [...loop, id].map((member) => `"${member}"`).join(' in ');
    const message =
      loop.length === 1
        ? `"${id}" is inside itself; put it in another container, a location or a holder`
        : `"${id}" is inside itself through its containers (${chain}); one of them needs a location or a holder`;
    sink.error(positionAt(object.yaml, [...object.path, 'in'], 'value'), message);
  }
}

/** The loop of `in` links that starts at `start` and comes back to it, or null when the chain ends or leads away. */
function loopThrough(start: string, containerOf: ReadonlyMap<string, string>): string[] | null {
  const chain = [start];
  const seen = new Set(chain);
  for (let next = containerOf.get(start); next !== undefined; next = containerOf.get(next)) {
    if (next === start) return chain;
    // A loop further up that this object only sits in is reported at the loop's own members.
    if (seen.has(next)) return null;
    seen.add(next);
    chain.push(next);
  }
  return null;
}
