import type { NpcState } from '../boundary/index.ts';
import {
  restoreChronicleState,
  restoreSimulationState,
  sceneOpeningBrief,
  type SceneOpeningBrief,
} from '../npc/index.ts';
import type { StoryPack } from '../pack/index.ts';
import type { NewCheckpoint } from '../store/index.ts';
import { openingDeliveries, SCENE_OPENINGS_CHECKPOINT, type CheckpointReader } from './opening-deliveries.ts';
import { opensScene, type PlayState } from './play-state.ts';

/**
 * The Narrator's brief for the turn that opens a scene (the Writer of npc-simulation.md, ARCHITECTURE §8.1): the
 * Chronicler's writer_guidance and the pending_mc_interactions still due, from the npc state the turn starts from.
 * Null on any other turn, or when the story has nothing to say yet.
 */
export function sceneOpeningFor(
  store: CheckpointReader,
  pack: StoryPack,
  state: PlayState,
  npc: NpcState,
): SceneOpeningBrief | null {
  if (!opensScene(state)) return null;
  const brief = sceneOpeningBrief({
    chronicle: restoreChronicleState(npc.chronicle),
    pending: restoreSimulationState(npc.simulation).pending,
    deliveries: openingDeliveries(store),
    nameOf: (id) => pack.characters.find((character) => character.id === id)?.name ?? id,
  });
  return brief.text === '' ? null : brief;
}

/** The deliveries to commit with the opening turn, when it offered anything. */
export function sceneOpeningCheckpoints(brief: SceneOpeningBrief | null): NewCheckpoint[] {
  if (brief === null || brief.offered.length === 0) return [];
  return [{ kind: SCENE_OPENINGS_CHECKPOINT, data: brief.deliveries }];
}
