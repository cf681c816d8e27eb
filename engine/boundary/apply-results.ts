import { recordKnowledge } from '../npc/index.ts';
import { BOUNDARY_STEPS, type BoundaryStep, type Json } from './contract.ts';
import { toJsonObject, type JsonObject } from './json.ts';
import { npcStateFromCheckpoint, type NpcState } from './npc-state.ts';
import type { BoundarySnapshot } from './snapshot.ts';
import { parseStepResult } from './step-result.ts';
import { withWeather } from './world-weather.ts';

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
  snapshot: BoundarySnapshot,
  outputs: { readonly [S in BoundaryStep]?: Json },
): AppliedBoundary {
  let npc = npcStateFromCheckpoint(snapshot.npc, 'the scene-boundary snapshot');
  let positions: { [characterId: string]: string } = { ...positionsOf(snapshot.playState) };
  let time: string | null = null;
  let weather: string | null = null;
  const summary: { [step: string]: Json } = {};
  for (const step of BOUNDARY_STEPS) {
    if (step === 'checkpoint') continue;
    const result = parseStepResult(step, outputs[step]);
    let knowledge = npc.knowledge;
    for (const { audience, drafts } of result.knowledge) knowledge = recordKnowledge(knowledge, audience, drafts);
    const recorded = knowledge.nextSeq - npc.knowledge.nextSeq;
    npc = npcStateFromCheckpoint({ ...npc, ...result.npc, knowledge }, `the ${step} step's result`);
    positions = { ...positions, ...result.positions };
    time = result.time ?? time;
    weather = result.weather ?? weather;
    summary[step] = {
      recorded,
      replaced: Object.keys(result.npc),
      moved: Object.keys(result.positions),
      ...(result.time === null ? {} : { time: result.time }),
      ...(result.weather === null ? {} : { weather: result.weather }),
    };
  }
  const moved = toJsonObject({ ...snapshot.playState, positions, ...(time === null ? {} : { time }) });
  const playState = weather === null ? moved : withWeather(moved, weather);
  return { npcState: npc, playState, summary };
}

function positionsOf(playState: JsonObject): { readonly [characterId: string]: string } {
  const positions = playState['positions'];
  if (typeof positions !== 'object' || positions === null || Array.isArray(positions)) return {};
  return Object.fromEntries(
    Object.entries(positions).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
