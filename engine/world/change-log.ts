import type { Change, Rejection, WorldAction, WorldWrite } from './actions.ts';
import { applyAction } from './apply-action.ts';
import { getHearers, getWitnesses } from './communication.ts';
import type { WorldState } from './types.ts';
import { applyWrite } from './writes.ts';

/** Anything that can enter the log. The two unions use disjoint `type` names, so one field tells them apart. */
export type WorldInput = WorldAction | WorldWrite;

/**
 * Where a log's entries belong: the turn that made them, and whether the turn itself (its intentions, its settling,
 * the after-turn reconciliation) or the scene boundary that closed after it (weather, places, time between scenes).
 */
export type LogPhase = 'turn' | 'boundary';
export type LogPosition = { readonly turn: number; readonly phase: LogPhase };

export type LogEntry = {
  /** Unique within a save and the same on every replay: `w<turn>.<seq>`, or `w<turn>b.<seq>` for a boundary's. */
  readonly id: string;
  /** The turn it was made in (a boundary's entries: the turn that closed the scene). */
  readonly turn: number;
  /** 1, 2, 3 …: continues from the last entry, so pruning the front of the log keeps numbering stable. */
  readonly seq: number;
  readonly input: WorldInput;
  readonly changes: readonly Change[];
  /** Agents who perceived it (heard the speech, or saw the actor before or after), sorted; empty for writes. */
  readonly observers: readonly string[];
};

/** The state plus its change log (and where the log's next entries belong): what the turn checkpoints. */
export type World = { readonly state: WorldState; readonly log: readonly LogEntry[]; readonly at: LogPosition };

export type Committed = { readonly ok: true; readonly world: World; readonly entry: LogEntry | null };

const WRITE_TYPES: ReadonlySet<string> = new Set<WorldWrite['type']>([
  'set_object_state',
  'place_object',
  'set_visibility',
  'place_agent',
  'set_condition',
  'set_lighting',
  'set_time',
  'set_weather',
  'set_atmosphere',
  'set_flag',
]);

export function isWrite(input: WorldInput): input is WorldWrite {
  return WRITE_TYPES.has(input.type);
}

const BEFORE_PLAY: LogPosition = { turn: 0, phase: 'turn' };

/** A world whose next entries belong to `at`; a log given continues (the after-turn step adds to its turn's log). */
export function startWorld(state: WorldState, at: LogPosition = BEFORE_PLAY, log: readonly LogEntry[] = []): World {
  return { state, log, at };
}

export function logEntryId(at: LogPosition, seq: number): string {
  return `w${at.turn}${at.phase === 'boundary' ? 'b' : ''}.${seq}`;
}

/**
 * Applies one input and logs it. Every accepted action is logged, even one that changes nothing (an examined clue is
 * part of the story); a write that changes nothing is not, which is what makes writes idempotent.
 */
export function commit(world: World, input: WorldInput): Committed | Rejection {
  const result = isWrite(input) ? applyWrite(world.state, input) : applyAction(world.state, input);
  if (!result.ok) return result;
  if (isWrite(input) && result.changes.length === 0) return { ok: true, world, entry: null };
  const seq = (world.log.at(-1)?.seq ?? 0) + 1;
  const entry: LogEntry = {
    id: logEntryId(world.at, seq),
    turn: world.at.turn,
    seq,
    input,
    changes: result.changes,
    observers: isWrite(input) ? [] : observersOf(world.state, result.state, input),
  };
  return { ok: true, world: { ...world, state: result.state, log: [...world.log, entry] }, entry };
}

function observersOf(before: WorldState, after: WorldState, action: WorldAction): string[] {
  if (action.type === 'speak')
    return getHearers(before, action.agent, action.volume, action.to).map((agent) => agent.id);
  const seen = new Set([...getWitnesses(before, action.agent), ...getWitnesses(after, action.agent)].map((a) => a.id));
  return [...seen].sort();
}

export type Replayed = {
  readonly world: World;
  readonly rejected: readonly { readonly index: number; readonly rejection: Rejection }[];
};

/** Applies inputs in order from an initial state; rejected inputs change nothing and are reported by position. */
export function replay(initial: WorldState, inputs: readonly WorldInput[], at: LogPosition = BEFORE_PLAY): Replayed {
  let world = startWorld(initial, at);
  const rejected: { index: number; rejection: Rejection }[] = [];
  inputs.forEach((input, index) => {
    const result = commit(world, input);
    if (result.ok) world = result.world;
    else rejected.push({ index, rejection: result });
  });
  return { world, rejected };
}

/**
 * Rebuilds the state from a log: the inputs it records, replayed from the state the log started at. The entries are
 * rebuilt too (ids, turns and all), so a replayed log can be compared with the saved one entry for entry.
 */
export function replayLog(initial: WorldState, log: readonly LogEntry[]): Replayed {
  const first = log[0];
  const at: LogPosition = first === undefined ? BEFORE_PLAY : { turn: first.turn, phase: phaseOfId(first.id) };
  return replay(
    initial,
    log.map((entry) => entry.input),
    at,
  );
}

function phaseOfId(id: string): LogPhase {
  return /^w\d+b\./u.test(id) ? 'boundary' : 'turn';
}
