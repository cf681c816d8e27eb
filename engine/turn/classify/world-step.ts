import type { LedgerRecord, NarrativeEvent, ParsedAction, StructuralParse } from '../../events/index.ts';
import { PLAYER } from '../../events/index.ts';
import type { LogEntry, Volume, World, WorldAction } from '../../world/index.ts';
import { act, startWorld, write } from '../../world/index.ts';

/** An attempt the world refuses: the Narrator renders the refusal in-world and nothing changes. */
export interface Violation {
  readonly action: string;
  readonly constraint: string;
  readonly reason: string;
}

export interface FactualOutcome {
  readonly records: readonly LedgerRecord[];
  readonly world: World | null;
  readonly violation: Violation | null;
  /** The place the persona set out for, when the move was accepted (or no world checks moves). */
  readonly destination: string | null;
}

export interface FactualInput {
  readonly parse: StructuralParse;
  readonly world: World | null;
  readonly personaId: string;
  readonly location: string;
  /** Places one step away: a move names one of these (a farther place is a journey, not one action). */
  readonly exits: readonly string[];
  /** The intention's place in the stream: SpeechAct records it as the content reference. */
  readonly contentRef: string;
  readonly whisper: boolean;
}

/**
 * Stage 2 (event-system.md): each parsed action is checked against the world (engine/world validates resources,
 * target state and physical constraints) and becomes a factual event; the first refusal stops the rest and becomes
 * a ConstraintViolation. Without a `world/` folder only the pack's hard constraints are checked.
 */
export function classifyFacts(input: FactualInput): FactualOutcome {
  const { parse } = input;
  if (parse.constraint !== null) {
    const { verb, id, reason } = parse.constraint;
    return refused(input, input.world, [], { action: verb, constraint: id, reason });
  }
  let world = input.world;
  const records: LedgerRecord[] = [];
  let destination: string | null = null;
  for (const action of parse.actions) {
    const step = worldAction(action, input);
    if (world !== null && step !== null) {
      const result = act(world, step);
      if (!result.ok)
        return refused(input, world, records, {
          action: action.action,
          constraint: result.code,
          reason: result.reason,
        });
      world = result.world;
    }
    const event = factualEvent(action, input);
    if (event === null) continue;
    if (event.type === 'MovementAction') destination = event.to;
    records.push({ kind: 'event', event });
  }
  return { records, world, violation: null, destination };
}

function refused(
  input: FactualInput,
  world: World | null,
  before: LedgerRecord[],
  violation: Violation,
): FactualOutcome {
  const event: NarrativeEvent = {
    type: 'ConstraintViolation',
    actor: PLAYER,
    action: violation.action,
    constraint: violation.constraint,
  };
  // Events before the refused one stand (they happened); the world keeps their changes.
  return { records: [...before, { kind: 'event', event }], world, violation, destination: null };
}

function destinationOf(action: ParsedAction, input: FactualInput): string | null {
  const places = action.targets.filter((target) => target.kind === 'location').map((target) => target.id);
  return places.find((place) => input.exits.includes(place)) ?? null;
}

function factualEvent(action: ParsedAction, input: FactualInput): NarrativeEvent | null {
  // A thing acted on is the target ("show Silas the badge" shows the badge); else the person.
  const target =
    action.targets.find((entity) => entity.kind === 'object')?.id ??
    action.targets.find((entity) => entity.kind === 'character')?.id ??
    null;
  switch (action.kind) {
    case 'speech':
      return { type: 'SpeechAct', speaker: PLAYER, addressee: action.addressee, content_hash: input.contentRef };
    case 'movement': {
      const to = destinationOf(action, input);
      return to === null ? null : { type: 'MovementAction', actor: PLAYER, from: input.location, to };
    }
    case 'examination':
      return target === null ? null : { type: 'ExaminationAction', actor: PLAYER, target };
    case 'action':
      return { type: 'ActionPerformed', actor: PLAYER, action: action.action, target };
  }
}

/** The world action a parsed action asks for, when the world has a rule for it. */
function worldAction(action: ParsedAction, input: FactualInput): WorldAction | null {
  const agent = input.personaId;
  const objects = action.targets.filter((target) => target.kind === 'object').map((target) => target.id);
  const [object, second] = objects;
  const person = action.targets.find((target) => target.kind === 'character')?.id;
  switch (action.action) {
    case 'move': {
      const to = destinationOf(action, input);
      return to === null ? null : { type: 'move', agent, to };
    }
    case 'speak': {
      const volume: Volume = input.whisper ? 'whisper' : 'normal';
      return { type: 'speak', agent, volume, message: input.contentRef, to: action.addressee };
    }
    case 'examine':
      return object === undefined ? null : { type: 'examine', agent, target: object };
    case 'give':
      return object === undefined || person === undefined ? null : { type: 'give', agent, object, to: person };
    case 'put':
      return object === undefined || second === undefined ? null : { type: 'put', agent, object, container: second };
    case 'take':
    case 'drop':
    case 'open':
    case 'close':
    case 'lock':
    case 'unlock':
    case 'use':
      return object === undefined ? null : { type: action.action, agent, object };
    default:
      return null;
  }
}

/** Everyone stands where the play state says before the world judges the turn (moves of earlier turns included). */
export function syncAgents(world: World, positions: Readonly<Record<string, string>>): World {
  let synced = world;
  for (const [agent, location] of Object.entries(positions)) {
    const result = write(synced, { type: 'place_agent', agent, location });
    if (result.ok) synced = result.world;
  }
  // The change log is per turn: the checkpoint holds the state; the turn's report holds its log.
  return startWorld(synced.state);
}

export type { LogEntry };
