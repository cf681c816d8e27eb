import type { ParsedAction } from '../../events/index.ts';
import type { Volume, World, WorldAction, WorldState } from '../../world/index.ts';
import { act } from '../../world/index.ts';

/** Who acts and from where: the persona or a character, judged by the same rules. */
export interface ActorFrame {
  readonly agent: string;
  readonly location: string;
  /** Places one step away: a move names one of these (a farther place is a journey, not one action). */
  readonly exits: readonly string[];
  /** The intention's place in the stream: a speak action records it as its message. */
  readonly contentRef: string;
  readonly volume: Volume;
}

/** One part of an intention the world accepted, with the world action it became (null: the world has no rule). */
export interface AcceptedPart {
  readonly action: ParsedAction;
  readonly step: WorldAction | null;
}

export interface Refusal {
  readonly action: ParsedAction;
  readonly code: string;
  /** The world's reason, plus (for a compound intention) what of it did not happen either. */
  readonly reason: string;
}

export interface Judged {
  /** The world after the whole intention; the world given, unchanged, when any part was refused. */
  readonly world: World | null;
  readonly accepted: readonly AcceptedPart[];
  readonly refusal: Refusal | null;
}

/**
 * Stage 2's world check for any actor: each parsed part becomes a world action and is committed in order. An intention
 * is atomic (scene-state.md, Atomic Updates): when one part is refused, none of it happens, the world is the one given,
 * and the reason names the earlier parts that are withheld with it, so the Narrator is told exactly what did not happen.
 */
export function judgeActions(world: World | null, actions: readonly ParsedAction[], frame: ActorFrame): Judged {
  let current = world;
  const accepted: AcceptedPart[] = [];
  let previous: string | null = null;
  for (const action of actions) {
    const step: WorldAction | null = current === null ? null : worldAction(action, frame, current.state, previous);
    if (current !== null && step !== null) {
      const result = act(current, step);
      if (!result.ok) {
        return {
          world,
          accepted: [],
          refusal: { action, code: result.code, reason: withheld(result.reason, accepted) },
        };
      }
      current = result.world;
    }
    previous = objectOf(step) ?? previous;
    accepted.push({ action, step });
  }
  return { world: current, accepted, refusal: null };
}

function withheld(reason: string, accepted: readonly AcceptedPart[]): string {
  const parts = accepted.filter((part) => part.step !== null).map((part) => `"${part.action.clause}"`);
  return parts.length === 0 ? reason : `${reason} So none of it happens, not ${parts.join(' nor ')} either.`;
}

function objectOf(step: WorldAction | null): string | null {
  if (step === null || !('object' in step)) return null;
  return step.object;
}

/** The place a move names among the actor's exits. */
export function destinationOf(action: ParsedAction, exits: readonly string[]): string | null {
  const places = action.targets.filter((target) => target.kind === 'location').map((target) => target.id);
  return places.find((place) => exits.includes(place)) ?? null;
}

const DOOR_VERBS: ReadonlySet<string> = new Set(['open', 'close', 'lock', 'unlock']);
const PRONOUN = /\b(it|them)\b/iu;

/**
 * The world action a parsed action asks for, when the world has a rule for it. What the words leave out the world
 * fills in: "it" is the thing the previous part acted on, "the door" is the only door where the actor stands, and
 * "step inside" after opening a door goes through it.
 */
function worldAction(
  action: ParsedAction,
  frame: ActorFrame,
  state: WorldState,
  previous: string | null,
): WorldAction | null {
  const { agent } = frame;
  const objects = action.targets.filter((target) => target.kind === 'object').map((target) => target.id);
  const person = action.targets.find((target) => target.kind === 'character')?.id;
  const named = objects[0] ?? (PRONOUN.test(action.clause) ? previous : null);
  const object = named ?? (DOOR_VERBS.has(action.action) ? onlyDoorAt(state, frame.location) : null);
  switch (action.action) {
    case 'move': {
      const to = destinationOf(action, frame.exits) ?? throughDoor(state, frame.location, previous);
      return to === null ? null : { type: 'move', agent, to };
    }
    case 'speak':
      return { type: 'speak', agent, volume: frame.volume, message: frame.contentRef, to: action.addressee };
    case 'examine':
      return objects[0] === undefined ? null : { type: 'examine', agent, target: objects[0] };
    case 'give':
      return object === null || person === undefined ? null : { type: 'give', agent, object, to: person };
    case 'put': {
      const [thing, container] = objects;
      return thing === undefined || container === undefined ? null : { type: 'put', agent, object: thing, container };
    }
    case 'take':
    case 'drop':
    case 'open':
    case 'close':
    case 'lock':
    case 'unlock':
    case 'use':
      return object === null ? null : { type: action.action, agent, object };
    default:
      return null;
  }
}

/** The door of the one way out of `location` that has a door, when there is exactly one. */
function onlyDoorAt(state: WorldState, location: string): string | null {
  const doors = new Set<string>();
  for (const place of Object.values(state.locations)) {
    for (const connection of place.connections) {
      if (connection.door !== null && (place.id === location || connection.to === location)) doors.add(connection.door);
    }
  }
  const [only, ...more] = [...doors];
  return more.length === 0 ? (only ?? null) : null;
}

/** Where the door just acted on leads from `location`. */
function throughDoor(state: WorldState, location: string, door: string | null): string | null {
  if (door === null) return null;
  return state.locations[location]?.connections.find((connection) => connection.door === door)?.to ?? null;
}
