/**
 * The world state of scene-state.md: plain, readonly JSON data, so a turn can checkpoint it with JSON.stringify and
 * every function over it can stay pure. Records are keyed by id; key order follows insertion, which keeps the
 * serialisation of a replayed state byte-identical to the original.
 */

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** A value in an object's state map or the environment's flags. */
export type Scalar = string | number | boolean | null;

/** Ordered from least to most light: seeing into another place needs more light than seeing around you. */
export const LIGHTING_LEVELS = ['dark', 'dim', 'normal', 'bright'] as const;
export type Lighting = (typeof LIGHTING_LEVELS)[number];

export const VOLUMES = ['whisper', 'normal', 'shout'] as const;
export type Volume = (typeof VOLUMES)[number];

export type Connection = {
  readonly to: string;
  /** Travel cost (in-world minutes) for getPath. */
  readonly cost: number;
  /** A door object gating the way: closed blocks passage and sight and muffles sound; locked blocks paths too. */
  readonly door: string | null;
  /** False for a way you can walk but not see along (a bend in a tunnel, a hatch). */
  readonly seeThrough: boolean;
};

export type Location = {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** A logical grouping ("public area", "secured zone"). */
  readonly zone: string | null;
  readonly lighting: Lighting;
  /** Most agents the place holds; null is unlimited. */
  readonly capacity: number | null;
  readonly connections: readonly Connection[];
  /** Places seen from here though not adjacent (the rooftop overlooks the alley). */
  readonly overlooks: readonly string[];
};

export type AgentStatus = 'ok' | 'hurt' | 'incapacitated';

export type Condition = {
  readonly status: AgentStatus;
  /** Buffs and debuffs by name ("soaked", "bleeding"), kept sorted so equal conditions serialise equally. */
  readonly effects: readonly string[];
};

export type Agent = {
  readonly id: string;
  readonly name: string;
  readonly location: string;
  /** What the agent faces: a location, agent or object id, or a free direction ("north"); null when unknown. */
  readonly facing: string | null;
  readonly condition: Condition;
  /** Most objects the agent carries at once. Inventory itself is derived from object places (one source of truth). */
  readonly carryLimit: number;
};

export type ObjectKind = 'portable' | 'fixed' | 'interactive';

/** Where an object is: lying in a place, carried by an agent, or inside a container object. */
export type Place =
  | { readonly at: 'location'; readonly id: string }
  | { readonly at: 'agent'; readonly id: string }
  | { readonly at: 'container'; readonly id: string };

export type Visibility = 'visible' | 'hidden';

export type WorldObject = {
  readonly id: string;
  /** Lower-case common name ("cellar door"); reasons render it as "The cellar door". */
  readonly name: string;
  readonly description: string;
  readonly kind: ObjectKind;
  readonly place: Place;
  readonly owner: string | null;
  readonly visibility: Visibility;
  /**
   * Free state map. Known keys: `open` (boolean: the object opens and closes), `locked` (boolean, with `keyId`),
   * `active` (boolean: `use` toggles it).
   */
  readonly state: { readonly [key: string]: Scalar };
  /** The object that locks and unlocks this one; null when it has no lock. */
  readonly keyId: string | null;
  /** Whether other objects can be put inside. */
  readonly container: boolean;
};

/** Non-interactive scene elements (a dripping pipe, distant sirens); null location means the whole scene. */
export type Feature = {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly location: string | null;
};

export type Environment = {
  /** Minutes since midnight, 0–1439. The phase of day is derived from it. */
  readonly minuteOfDay: number;
  readonly weather: string;
  readonly mood: string;
  /** 0–1. */
  readonly tension: number;
  /** 0–1; a loud scene shortens how far speech carries. */
  readonly noise: number;
  /** Story-specific conditions (public_awareness = "none"). */
  readonly flags: { readonly [key: string]: Scalar };
};

export type WorldState = {
  readonly locations: { readonly [id: string]: Location };
  readonly agents: { readonly [id: string]: Agent };
  readonly objects: { readonly [id: string]: WorldObject };
  readonly features: { readonly [id: string]: Feature };
  readonly environment: Environment;
};
