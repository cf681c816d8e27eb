import { offscreenWarmUps, readBoundaryInput, type BoundaryInput, type NpcState } from '../boundary/index.ts';
import type { StoryPack } from '../pack/index.ts';
import type { SaveStore } from '../store/index.ts';
import { sceneSnapshot } from './boundary-snapshot.ts';
import type { ChroniclerWarmUpDeps } from './chronicler-warm-up.ts';
import type { PlayState } from './play-state.ts';

/** The scene as the next turn would start it: its number, the play state and whose story it is. */
export interface StandingScene {
  readonly turn: number;
  readonly state: PlayState;
  readonly personaId: string;
}

/** What a scene boundary would read if the scene closed now, with nothing more said: its warm-ups' input. */
export function closingNow(pack: StoryPack, store: SaveStore, scene: StandingScene, npc: NpcState): BoundaryInput {
  const { turn, state, personaId } = scene;
  const snapshot = sceneSnapshot(store, pack, {
    reason: 'scene_close',
    turn,
    closing: state,
    next: state,
    messages: [],
    ledger: [],
    personaId,
    npc,
  });
  return readBoundaryInput(snapshot);
}

/**
 * While the player reads, after the Chronicler's: the off-screen stages' prompts, as a close of the scene now would
 * send them (see offscreenWarmUps). The scene may well go on, so each warm-up is speculative: it takes a spare
 * sequence or none, and never costs a turn's stage its cached prompt.
 */
export async function warmOffscreen(
  deps: ChroniclerWarmUpDeps,
  input: BoundaryInput,
  signal: AbortSignal,
): Promise<void> {
  for (const prompt of offscreenWarmUps(deps.prompts, deps.pack, input)) {
    const provider = await deps.router.forStage(prompt.stage);
    if (signal.aborted) return;
    if (provider.warm !== undefined) await provider.warm({ ...prompt, signal, speculative: true });
  }
}
