import type { LedgerEntry, LedgerRecord, NarrativeEvent, StructuralParse } from '../../events/index.ts';
import { PLAYER } from '../../events/index.ts';
import type { LogEntry, Volume, World } from '../../world/index.ts';
import { settle, TIME_OF_DAY, write } from '../../world/index.ts';
import { destinationOf, judgeActions, type AcceptedPart } from './judge-actions.ts';

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
  /** How loud the persona speaks: whispered, said, or shouted (classified from the input). */
  readonly volume: Volume;
}

/**
 * Stage 2 (event-system.md): each parsed action is checked against the world (engine/world validates resources,
 * target state and physical constraints) and becomes a factual event. A refusal of any part is a ConstraintViolation
 * and none of the intention happens (judgeActions). Without a `world/` folder only the pack's hard constraints are
 * checked.
 */
export function classifyFacts(input: FactualInput): FactualOutcome {
  const { parse } = input;
  if (parse.constraint !== null) {
    const { verb, id, reason } = parse.constraint;
    return refused(input.world, { action: verb, constraint: id, reason });
  }
  const frame = {
    agent: input.personaId,
    location: input.location,
    exits: input.exits,
    contentRef: input.contentRef,
    volume: input.volume,
  };
  const judged = judgeActions(input.world, parse.actions, frame);
  if (judged.refusal !== null) {
    const { action, code, reason } = judged.refusal;
    return refused(judged.world, { action: action.action, constraint: code, reason });
  }
  const records: LedgerRecord[] = [];
  let destination: string | null = null;
  for (const part of judged.accepted) {
    const event = factualEvent(part, input);
    if (event === null) continue;
    if (event.type === 'MovementAction') destination = event.to;
    records.push({ kind: 'event', event });
  }
  return { records, world: judged.world, violation: null, destination };
}

/** An intention refused in any part did not happen at all: the world is as it was, the violation is the one record. */
function refused(world: World | null, violation: Violation): FactualOutcome {
  const event: NarrativeEvent = {
    type: 'ConstraintViolation',
    actor: PLAYER,
    action: violation.action,
    constraint: violation.constraint,
  };
  return { records: [{ kind: 'event', event }], world, violation, destination: null };
}

function factualEvent({ action, step }: AcceptedPart, input: FactualInput): NarrativeEvent | null {
  // A thing acted on is the target ("show Silas the badge" shows the badge); else the person. The world may have
  // filled in what the words left out ("open it", "the door").
  const acted = step !== null && 'object' in step ? step.object : undefined;
  const target =
    action.targets.find((entity) => entity.kind === 'object')?.id ??
    acted ??
    action.targets.find((entity) => entity.kind === 'character')?.id ??
    null;
  switch (action.kind) {
    case 'speech':
      return { type: 'SpeechAct', speaker: PLAYER, addressee: action.addressee, content_hash: input.contentRef };
    case 'movement': {
      const to = step?.type === 'move' ? step.to : destinationOf(action, input.exits);
      return to === null ? null : { type: 'MovementAction', actor: PLAYER, from: input.location, to };
    }
    case 'examination':
      return target === null ? null : { type: 'ExaminationAction', actor: PLAYER, target };
    case 'action':
      return { type: 'ActionPerformed', actor: PLAYER, action: action.action, target };
  }
}

/**
 * Everyone stands where the play state says, at the time it says, before the world judges the turn: moves the world did not make itself
 * (off-screen lives between scenes, a character who leaves with the scene) are written into it, and logged, so the
 * turn's change log replays from the last saved world to this one.
 */
export function syncAgents(world: World, positions: Readonly<Record<string, string>>, time: string): World {
  return settle(world, { positions, time });
}

/** One clock: the world's time of day is play time's (a /skip or a boundary's time skip included), through the log. */
export function withPlayTime(world: World, time: string): World {
  return settle(world, { positions: {}, time });
}

/**
 * A trigger's SetWorldState is a change to the world, made through its log: the truth set's WorldState fact and the
 * world's one are one fact, never two that drift apart. `<object>.<key>` is that object's state, any other key a story
 * flag; the time of day is the clock's, which only play time moves.
 */
export function commitWorldFacts(world: World | null, applied: readonly LedgerEntry[]): World | null {
  let current = world;
  for (const { record } of applied) {
    if (current === null || record.kind !== 'event' || record.event.type !== 'WorldStateChanged') continue;
    const { key, new_value: value } = record.event;
    if (key === TIME_OF_DAY) continue;
    const dot = key.indexOf('.');
    const object = dot < 0 ? undefined : current.state.objects[key.slice(0, dot)];
    const result = write(
      current,
      object === undefined
        ? { type: 'set_flag', key, value }
        : { type: 'set_object_state', object: object.id, key: key.slice(dot + 1), value },
    );
    if (result.ok) current = result.world;
  }
  return current;
}

export type { LogEntry };
