import { z } from 'zod';
import { applyShifts, readStandings, recordKnowledge } from '../npc/index.ts';
import { BOUNDARY_STEPS, type BoundaryStep, type Json } from './contract.ts';
import { toJsonObject, type JsonObject } from './json.ts';
import { npcStateSchema, type NpcState } from './npc-state.ts';
import type { BoundaryInput } from './snapshot.ts';
import { parseStepResult, type ParsedStepResult } from './step-result.ts';
import { withBoundaryWorld } from './world-weather.ts';
import { positionsOf } from './positions.ts';

export interface AppliedBoundary {
  readonly npcState: NpcState;
  /** The play state the next scene starts from. */
  readonly playState: JsonObject;
  /** Per step, what it changed: entries recorded, parts replaced, characters moved. */
  readonly summary: { readonly [step: string]: Json };
}

/**
 * The checkpoint's arithmetic: every step's result applied in BOUNDARY_STEPS order to the npc state and play state the
 * scene started from. Pure, so a resumed run that reaches the checkpoint again computes the same thing.
 */
export function applyStepResults(
  { snapshot, npc: start }: BoundaryInput,
  outputs: { readonly [S in BoundaryStep]?: Json },
): AppliedBoundary {
  let npc = start;
  let positions: { [characterId: string]: string } = { ...positionsOf(snapshot.playState) };
  let time: string | null = null;
  let weather: string | null = null;
  const summary: { [step: string]: Json } = {};
  for (const step of BOUNDARY_STEPS) {
    if (step === 'checkpoint') continue;
    const result = parseStepResult(step, outputs[step]);
    // recordKnowledge checks every draft it takes, so the store it returns needs no second restore.
    let knowledge = npc.knowledge;
    for (const { audience, drafts } of result.knowledge) knowledge = recordKnowledge(knowledge, audience, drafts);
    const recorded = knowledge.nextSeq - npc.knowledge.nextSeq;
    npc = withParts({ ...npc, knowledge }, result.npc, step);
    if (result.standings.length > 0) {
      const moved = applyShifts(readStandings(npc.standings, `the ${step} step`), result.standings);
      npc = { ...npc, standings: toJsonObject(moved) };
    }
    positions = { ...positions, ...result.positions };
    time = result.time ?? time;
    weather = result.weather ?? weather;
    summary[step] = {
      recorded,
      replaced: Object.keys(result.npc),
      ...(result.standings.length === 0 ? {} : { standingShifts: result.standings.length }),
      moved: Object.keys(result.positions),
      ...(result.time === null ? {} : { time: result.time }),
      ...(result.weather === null ? {} : { weather: result.weather }),
    };
  }
  const moved = toJsonObject({ ...snapshot.playState, positions, ...(time === null ? {} : { time }) });
  // The world takes the new places, time and weather through its own log (the play state's events.boundaryLog).
  const playState = withBoundaryWorld(moved, { turn: snapshot.turn, personaId: snapshot.personaId, weather });
  return { npcState: npc, playState, summary };
}

/**
 * The parts a step replaced. parseStepResult already checked each as JSON, which is all the free-form parts are; only
 * the roster has a shape of its own to restore.
 */
function withParts(npc: NpcState, parts: ParsedStepResult['npc'], step: BoundaryStep): NpcState {
  const { roster, ...rest } = parts;
  if (roster === undefined) return { ...npc, ...rest };
  const restored = npcStateSchema.shape.roster.safeParse(roster);
  if (!restored.success) {
    throw new Error(`the ${step} step's result: the saved npc state is unreadable: ${z.prettifyError(restored.error)}`);
  }
  return { ...npc, ...rest, roster: restored.data };
}
