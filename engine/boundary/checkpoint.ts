import type { NewCheckpoint } from '../store/index.ts';
import { applyStepResults } from './apply-results.ts';
import { NPC_STATE_CHECKPOINT, PLAY_STATE_CHECKPOINT, type BoundaryStep, type Json } from './contract.ts';
import { toJson } from './json.ts';
import type { NpcState } from './npc-state.ts';
import type { BoundaryInput } from './snapshot.ts';

export interface CheckpointWrites {
  /** The checkpoint step's row output: what every step changed. */
  readonly output: Json;
  /** npc_state and play_state, attached to the closing turn, written with the run's `done`. */
  readonly checkpoints: readonly NewCheckpoint[];
}

/** The built-in last step: every result applied to the state the scene started from, as the two checkpoints. */
export function checkpointWrites(
  input: BoundaryInput,
  outputs: { readonly [S in BoundaryStep]?: Json },
): CheckpointWrites {
  const applied = applyStepResults(input, outputs);
  return {
    output: toJson({ detail: applied.summary }),
    checkpoints: [
      { kind: NPC_STATE_CHECKPOINT, data: applied.npcState },
      { kind: PLAY_STATE_CHECKPOINT, data: applied.playState },
    ],
  };
}

/**
 * The reflections' run (see REFLECTION_STEPS): its memories appended to the npc state the save holds now — the first
 * run's, which nothing else writes before a turn waits for these — and no play state, which is the first run's.
 */
export function reflectionCheckpointWrites(
  input: BoundaryInput,
  latest: NpcState,
  outputs: { readonly [S in BoundaryStep]?: Json },
): CheckpointWrites {
  const reflected = outputs.character_reflection;
  const reflections = reflected === undefined ? {} : { character_reflection: reflected };
  const applied = applyStepResults({ ...input, npc: latest }, reflections);
  return {
    output: toJson({ detail: { character_reflection: applied.summary.character_reflection ?? null } }),
    checkpoints: [{ kind: NPC_STATE_CHECKPOINT, data: applied.npcState }],
  };
}
