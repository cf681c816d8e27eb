import type { Condition, JsonValue, Lighting, Place, Scalar, Visibility, Volume, WorldState } from './types.ts';

/** What an agent does. Every action is validated against the current state before anything changes. */
export type WorldAction =
  | { readonly type: 'move'; readonly agent: string; readonly to: string }
  | { readonly type: 'face'; readonly agent: string; readonly toward: string }
  | { readonly type: 'take'; readonly agent: string; readonly object: string }
  | { readonly type: 'drop'; readonly agent: string; readonly object: string }
  | { readonly type: 'give'; readonly agent: string; readonly object: string; readonly to: string }
  | { readonly type: 'put'; readonly agent: string; readonly object: string; readonly container: string }
  | { readonly type: 'open'; readonly agent: string; readonly object: string }
  | { readonly type: 'close'; readonly agent: string; readonly object: string }
  | { readonly type: 'lock'; readonly agent: string; readonly object: string }
  | { readonly type: 'unlock'; readonly agent: string; readonly object: string }
  | { readonly type: 'use'; readonly agent: string; readonly object: string }
  | { readonly type: 'examine'; readonly agent: string; readonly target: string }
  | {
      readonly type: 'speak';
      readonly agent: string;
      readonly volume: Volume;
      readonly message: string;
      /** The addressee; a whisper to someone reaches only them. */
      readonly to: string | null;
    };

export type WorldActionType = WorldAction['type'];

/**
 * Authoritative writes (triggers, the Storykeeper, authoring tools). Each sets an absolute value, so applying the same
 * write twice equals applying it once.
 */
export type WorldWrite =
  | { readonly type: 'set_object_state'; readonly object: string; readonly key: string; readonly value: Scalar }
  | { readonly type: 'place_object'; readonly object: string; readonly place: Place }
  | { readonly type: 'set_visibility'; readonly object: string; readonly visibility: Visibility }
  | { readonly type: 'place_agent'; readonly agent: string; readonly location: string }
  | { readonly type: 'set_condition'; readonly agent: string; readonly condition: Condition }
  | { readonly type: 'set_lighting'; readonly location: string; readonly lighting: Lighting }
  | { readonly type: 'set_time'; readonly minuteOfDay: number }
  | { readonly type: 'set_weather'; readonly weather: string }
  | { readonly type: 'set_atmosphere'; readonly mood: string; readonly tension: number; readonly noise: number }
  | { readonly type: 'set_flag'; readonly key: string; readonly value: Scalar };

export type WorldWriteType = WorldWrite['type'];

/** A single field that changed: the unit of the change log. */
export type Change = {
  readonly entity: 'agent' | 'object' | 'location' | 'environment';
  readonly id: string;
  /** The field, or `state.<key>` / `flags.<key>` for map entries. */
  readonly property: string;
  readonly before: JsonValue;
  readonly after: JsonValue;
};

/** Why an action was refused, for the events room to classify (a ConstraintViolation) and the Narrator to render. */
export type RejectionCode =
  | 'unknown'
  | 'incapacitated'
  | 'not_here'
  | 'not_adjacent'
  | 'already'
  | 'fixed'
  | 'held_by_other'
  | 'not_holding'
  | 'capacity'
  | 'closed'
  | 'locked'
  | 'no_key'
  | 'not_openable'
  | 'not_lockable'
  | 'not_container'
  | 'not_usable'
  | 'not_visible'
  | 'invalid';

export type Rejection = { readonly ok: false; readonly code: RejectionCode; readonly reason: string };

export type Applied = { readonly ok: true; readonly state: WorldState; readonly changes: readonly Change[] };

export type ActionResult = Applied | Rejection;

export function reject(code: RejectionCode, reason: string): Rejection {
  return { ok: false, code, reason };
}
