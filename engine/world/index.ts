/**
 * engine/world: the deterministic world model of scene-state.md (ARCHITECTURE §8.3). Pure functions over plain JSON
 * state; the turn will hold a `World` (state + change log), call the tools, and checkpoint it with JSON.stringify.
 */
export type {
  Agent,
  AgentStatus,
  Condition,
  Connection,
  Environment,
  Feature,
  JsonValue,
  Lighting,
  Location,
  ObjectKind,
  Place,
  Scalar,
  Visibility,
  Volume,
  WorldObject,
  WorldState,
} from './types.ts';
export { LIGHTING_LEVELS, VOLUMES } from './types.ts';
export type { ActionResult, Applied, Change, Rejection, RejectionCode, WorldAction, WorldWrite } from './actions.ts';
export { createWorldState } from './create-world.ts';
export type { WorldInit } from './create-world.ts';
export { checkWorldState, worldProblems } from './check-world.ts';
export type { WorldProblem, WorldProblemCode } from './check-world.ts';
export { checkLineOfSight, getAudibleRange, getVisibleAgents, getVisibleLocations } from './spatial.ts';
export { getPath } from './path.ts';
export type { PathOptions, WorldPath } from './path.ts';
export { applyAction, validateAction } from './apply-action.ts';
export { applyWrite } from './writes.ts';
export { commit, isWrite, logEntryId, replay, replayLog, startWorld } from './change-log.ts';
export type { Committed, LogEntry, LogPhase, LogPosition, Replayed, World, WorldInput } from './change-log.ts';
export { getHearers, getPerceivers, getWitnesses } from './communication.ts';
export { act, perceive, summarise, whoHears, write } from './tools.ts';
export type { Exit, HeardSpeech, Perception, SeenAgent, SeenObject, Situation } from './tools.ts';
export { inventoryOf } from './lookup.ts';
export { parseClock, phaseOfDay } from './time-of-day.ts';
export type { PhaseOfDay } from './time-of-day.ts';
export { restoreWorld } from './restore.ts';
export { minuteOfPlayTime, settle } from './settle.ts';
export { TIME_OF_DAY, worldFacts } from './facts.ts';
export type { WorldFact } from './facts.ts';
export type { Settling } from './settle.ts';
export { logEntrySchema } from './input-schema.ts';
export type { Restored } from './restore.ts';
export { worldFromPack } from './from-pack.ts';
export type { PackAgentSpec, PackPlaceSpec, PackWorldSpec } from './from-pack.ts';
export type { Patch } from './patch.ts';
export { worldStateSchema } from './state-schema.ts';
