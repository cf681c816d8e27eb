import { inWorldMinutes, restoreSimulationState, type InWorldMinute, type SimulationState } from '../../npc/index.ts';
import type { NpcState } from '../npc-state.ts';
import { positionsOf } from '../positions.ts';
import { isManifest } from '../../stream/index.ts';
import { visibilityMeta, type BoundaryInput, type ReadSnapshot } from '../snapshot.ts';

/** What off-screen propagation and the Chronicler read of the closing scene's snapshot. */
export type OffscreenScene = {
  /** Cycles count scene boundaries: cycle n runs after scene n ends. */
  readonly cycle: number;
  /** When the scene closed: simulated periods start here. */
  readonly now: InWorldMinute;
  /** When the next scene opens (travel and `/skip` may have moved the clock on). */
  readonly next: InWorldMinute;
  /** Where the persona will be when the next scene opens. */
  readonly nextLocation: string;
  readonly personaId: string;
  /** Characters in the scene that closed, without the persona. */
  readonly present: readonly string[];
  /** Character → location id, as the next scene starts. */
  readonly positions: { readonly [characterId: string]: string };
  /** The scene's public lines (narration and dialog nobody whispered), oldest first. */
  readonly publicLines: readonly { readonly owner: string; readonly type: string; readonly content: string }[];
  /** Character → its manifest states when the scene closed, `name (category, level)`. */
  readonly states: { readonly [characterId: string]: readonly string[] };
  readonly npc: NpcState;
  readonly simulation: SimulationState;
};

export function readOffscreenScene({ snapshot, npc }: BoundaryInput): OffscreenScene {
  const now = minutesOf(snapshot.time, 'the closing scene');
  const nextTime = snapshot.playState['time'];
  const nextLocation = snapshot.playState['location'];
  return {
    cycle: snapshot.scene,
    now,
    next: typeof nextTime === 'string' ? minutesOf(nextTime, 'the next scene') : now,
    nextLocation: typeof nextLocation === 'string' ? nextLocation : snapshot.location,
    personaId: snapshot.personaId,
    present: snapshot.present.filter((id) => id !== snapshot.personaId),
    positions: positionsOf(snapshot.playState),
    publicLines: snapshot.transcript.filter((entry) => isPublic(entry, snapshot.present)),
    states: manifestStates(snapshot),
    npc,
    simulation: restoreSimulationState(npc.simulation),
  };
}

function manifestStates(snapshot: ReadSnapshot): { readonly [characterId: string]: readonly string[] } {
  return Object.fromEntries(
    Object.entries(snapshot.states).map(([id, states]) => [
      id,
      states.filter(isManifest).map((state) => `${state.name} (${state.category}, ${state.level})`),
    ]),
  );
}

function minutesOf(text: string, what: string): InWorldMinute {
  const minute = inWorldMinutes(text);
  if (minute === null) throw new Error(`${what}'s time is not an in-world time: "${text}"`);
  return minute;
}

/**
 * Narration and dialog everyone present witnessed. Thoughts and intentions are never public, and neither is a whisper
 * (a line only some of those present heard).
 */
function isPublic(entry: ReadSnapshot['transcript'][number], present: readonly string[]): boolean {
  if (entry.type !== 'narration' && entry.type !== 'dialog') return false;
  const meta = visibilityMeta(entry.meta);
  if (meta === null) return true;
  if (meta.kind === 'whisper') return false;
  // A whisper stays one even when its two sides were the only ones there (ARCHITECTURE §8.11).
  if (meta.kind === 'heard' && meta.whispered === true) return false;
  return meta.kind !== 'heard' || present.every((id) => meta.by.includes(id));
}
