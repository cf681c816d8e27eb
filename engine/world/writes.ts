import { reject } from './actions.ts';
import type { ActionResult, WorldWrite } from './actions.ts';
import { applyPatches } from './patch.ts';
import type { Patch } from './patch.ts';
import type { Place, WorldState } from './types.ts';

/**
 * Authoritative state writes. They skip the physical checks of actions (a trigger may teleport someone through a
 * locked door) but still refuse references to things that do not exist, and they set absolute values, so a repeated
 * write yields no changes and an equal state.
 */
export function applyWrite(state: WorldState, write: WorldWrite): ActionResult {
  const patches = patchesFor(state, write);
  if (typeof patches === 'string') return reject('unknown', patches);
  const { state: next, changes } = applyPatches(state, patches);
  return { ok: true, state: changes.length === 0 ? state : next, changes };
}

function patchesFor(state: WorldState, write: WorldWrite): readonly Patch[] | string {
  switch (write.type) {
    case 'set_object_state':
      return (
        missingObject(state, write.object) ?? [
          { entity: 'object', id: write.object, set: {}, state: { [write.key]: write.value } },
        ]
      );
    case 'place_object':
      return (
        missingObject(state, write.object) ??
        missingPlace(state, write.place) ?? [{ entity: 'object', id: write.object, set: { place: write.place } }]
      );
    case 'set_visibility':
      return (
        missingObject(state, write.object) ?? [
          { entity: 'object', id: write.object, set: { visibility: write.visibility } },
        ]
      );
    case 'place_agent':
      return (
        missingAgent(state, write.agent) ??
        missingLocation(state, write.location) ?? [
          { entity: 'agent', id: write.agent, set: { location: write.location } },
        ]
      );
    case 'set_condition': {
      // Sorted effects: the same condition written twice must compare (and serialise) equal.
      const condition = { status: write.condition.status, effects: [...write.condition.effects].sort() };
      return missingAgent(state, write.agent) ?? [{ entity: 'agent', id: write.agent, set: { condition } }];
    }
    case 'set_lighting':
      return (
        missingLocation(state, write.location) ?? [
          { entity: 'location', id: write.location, set: { lighting: write.lighting } },
        ]
      );
    case 'set_time':
      return [{ entity: 'environment', set: { minuteOfDay: wrapMinute(write.minuteOfDay) } }];
    case 'set_weather':
      return [{ entity: 'environment', set: { weather: write.weather } }];
    case 'set_atmosphere':
      return [
        { entity: 'environment', set: { mood: write.mood, tension: unit(write.tension), noise: unit(write.noise) } },
      ];
    case 'set_flag':
      return [{ entity: 'environment', set: {}, flags: { [write.key]: write.value } }];
  }
}

function wrapMinute(minute: number): number {
  return ((Math.round(minute) % 1440) + 1440) % 1440;
}

function unit(value: number): number {
  return Math.min(1, Math.max(0, value));
}

function missingObject(state: WorldState, id: string): string | null {
  return state.objects[id] === undefined ? `There is no object "${id}".` : null;
}

function missingAgent(state: WorldState, id: string): string | null {
  return state.agents[id] === undefined ? `There is no agent "${id}".` : null;
}

function missingLocation(state: WorldState, id: string): string | null {
  return state.locations[id] === undefined ? `There is no location "${id}".` : null;
}

function missingPlace(state: WorldState, place: Place): string | null {
  if (place.at === 'location') return missingLocation(state, place.id);
  if (place.at === 'agent') return missingAgent(state, place.id);
  const container = state.objects[place.id];
  return container?.container === true ? null : `There is no container "${place.id}".`;
}
