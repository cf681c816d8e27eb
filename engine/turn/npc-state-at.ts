import { initialNpcState, NPC_STATE_CHECKPOINT, npcStateFromCheckpoint, type NpcState } from '../boundary/index.ts';
import type { StoryPack } from '../pack/index.ts';
import type { SaveStore } from '../store/index.ts';

/**
 * The npc_state checkpoint at or before a turn (the latest by default) — the last boundary's, or a later turn's that
 * learned lore or applied importance flags — or the initial state when the save has none yet.
 */
export function npcStateAt(
  store: Pick<SaveStore, 'latestCheckpoint' | 'path'>,
  pack: StoryPack,
  turn?: number,
): NpcState {
  const checkpoint = store.latestCheckpoint(NPC_STATE_CHECKPOINT, turn);
  return checkpoint === null ? initialNpcState(pack) : npcStateFromCheckpoint(checkpoint.data, store.path);
}
