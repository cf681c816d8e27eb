import type { Change } from './actions.ts';
import type { Agent, Environment, JsonValue, Location, Scalar, WorldObject, WorldState } from './types.ts';

/**
 * What an action or write wants to change, as absolute values. Applying patches is the only way the state changes, and
 * it records exactly the fields whose value differs, so a patch that changes nothing leaves no trace.
 */
export type Patch =
  | {
      readonly entity: 'agent';
      readonly id: string;
      readonly set: Partial<Pick<Agent, 'location' | 'facing' | 'condition'>>;
    }
  | {
      readonly entity: 'object';
      readonly id: string;
      readonly set: Partial<Pick<WorldObject, 'place' | 'owner' | 'visibility'>>;
      /** Merged key by key into the state map. */
      readonly state?: { readonly [key: string]: Scalar };
    }
  | { readonly entity: 'location'; readonly id: string; readonly set: Partial<Pick<Location, 'lighting'>> }
  | {
      readonly entity: 'environment';
      readonly set: Partial<Pick<Environment, 'minuteOfDay' | 'weather' | 'mood' | 'tension' | 'noise'>>;
      readonly flags?: { readonly [key: string]: Scalar };
    };

export type PatchResult = { readonly state: WorldState; readonly changes: readonly Change[] };

export function applyPatches(state: WorldState, patches: readonly Patch[]): PatchResult {
  let current = state;
  const changes: Change[] = [];
  for (const patch of patches) current = applyPatch(current, patch, changes);
  return { state: current, changes };
}

function applyPatch(state: WorldState, patch: Patch, changes: Change[]): WorldState {
  switch (patch.entity) {
    case 'agent': {
      const agent = requireEntity(state.agents, patch.id);
      const next = { ...agent, ...diffFields('agent', patch.id, agent, patch.set, changes) };
      return { ...state, agents: { ...state.agents, [patch.id]: next } };
    }
    case 'object': {
      const object = requireEntity(state.objects, patch.id);
      const fields = diffFields('object', patch.id, object, patch.set, changes);
      const mapChanges = diffMap('object', patch.id, object.state, patch.state ?? {}, changes, 'state.');
      const next = { ...object, ...fields, state: { ...object.state, ...mapChanges } };
      return { ...state, objects: { ...state.objects, [patch.id]: next } };
    }
    case 'location': {
      const location = requireEntity(state.locations, patch.id);
      const next = { ...location, ...diffFields('location', patch.id, location, patch.set, changes) };
      return { ...state, locations: { ...state.locations, [patch.id]: next } };
    }
    case 'environment': {
      const env = state.environment;
      const fields = diffFields('environment', 'environment', env, patch.set, changes);
      const flags = diffMap('environment', 'environment', env.flags, patch.flags ?? {}, changes, 'flags.');
      return { ...state, environment: { ...env, ...fields, flags: { ...env.flags, ...flags } } };
    }
  }
}

/** Returns only the entries of `set` that differ from `current`, recording each as a change. */
function diffFields<T extends { readonly [key: string]: JsonValue }>(
  entity: Change['entity'],
  id: string,
  current: T,
  set: Partial<T>,
  changes: Change[],
): Partial<T> {
  const differing: Partial<T> = {};
  for (const key of Object.keys(set).sort()) {
    const after = set[key];
    const before = current[key] ?? null;
    if (after === undefined || jsonEqual(before, after)) continue;
    changes.push({ entity, id, property: key, before, after });
    Object.assign(differing, { [key]: after });
  }
  return differing;
}

/** The same for a state or flags map, whose entries are recorded as `<prefix><key>`. */
function diffMap(
  entity: Change['entity'],
  id: string,
  current: { readonly [key: string]: Scalar },
  set: { readonly [key: string]: Scalar },
  changes: Change[],
  prefix: string,
): { [key: string]: Scalar } {
  const differing: { [key: string]: Scalar } = {};
  for (const [key, after] of Object.entries(set).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const before = current[key] ?? null;
    if (before === after) continue;
    changes.push({ entity, id, property: prefix + key, before, after });
    differing[key] = after;
  }
  return differing;
}

function requireEntity<T>(record: { readonly [id: string]: T }, id: string): T {
  const entity = record[id];
  // Validation runs before patches are built, so a missing entity here is a bug in the engine, not a player error.
  if (entity === undefined) throw new Error(`world patch names an unknown entity: ${id}`);
  return entity;
}

type JsonRecord = { readonly [key: string]: JsonValue };

function isJsonRecord(value: JsonValue): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Structural equality of JSON values; key order does not matter, array order does. */
export function jsonEqual(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    const left: readonly JsonValue[] = a;
    const right: readonly JsonValue[] = b;
    return left.length === right.length && left.every((item, index) => jsonEqual(item, right[index] ?? null));
  }
  if (!isJsonRecord(a) || !isJsonRecord(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => key in b && jsonEqual(a[key] ?? null, b[key] ?? null));
}
