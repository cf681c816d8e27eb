import type { NewCheckpoint } from '../store/index.ts';
import { applyStepResults } from './apply-results.ts';
import { NPC_STATE_CHECKPOINT, PLAY_STATE_CHECKPOINT, type BoundaryStep, type Json } from './contract.ts';
import { toJson } from './json.ts';
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
