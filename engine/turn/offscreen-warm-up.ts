import {
  offscreenWarmUps,
  readBoundaryInput,
  reflectionWarmUps,
  type BoundaryInput,
  type NpcState,
  type WarmUpPrompt,
} from '../boundary/index.ts';
import type { LlmRouter } from '../llm/index.ts';
import type { StoryPack } from '../pack/index.ts';
import type { SaveStore } from '../store/index.ts';
import { sceneSnapshot } from './boundary-snapshot.ts';
import type { ChroniclerWarmUpDeps } from './chronicler-warm-up.ts';
import type { PlayState } from './play-state.ts';
import { warmPrompts } from './warm-prompts.ts';

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
 * send them (see offscreenWarmUps).
 */
export async function warmOffscreen(
  deps: ChroniclerWarmUpDeps,
  input: BoundaryInput,
  signal: AbortSignal,
): Promise<void> {
  await warmSpeculatively(deps.router, offscreenWarmUps(deps.prompts, deps.pack, input), signal);
}

/**
 * Last while the player reads: the reflections' prompts, as a close of the scene now would send them (see
 * reflectionWarmUps). They run after the close's first run, so only the next turn's character calls wait for them.
 */
export async function warmReflections(
  deps: ChroniclerWarmUpDeps,
  input: BoundaryInput,
  signal: AbortSignal,
): Promise<void> {
  await warmSpeculatively(deps.router, reflectionWarmUps(deps.prompts, deps.pack, input), signal);
}

/**
 * The scene may well go on, so each of a close's warm-ups is speculative: it takes a spare sequence or none, and never
 * costs a turn's stage its cached prompt.
 */
function warmSpeculatively(router: LlmRouter, prompts: readonly WarmUpPrompt[], signal: AbortSignal): Promise<void> {
  return warmPrompts(
    router,
    prompts.map((prompt) => ({ ...prompt, speculative: true })),
    signal,
  );
}
