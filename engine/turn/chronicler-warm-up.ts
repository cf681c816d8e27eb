import { chroniclerWarmUp, type NpcState } from '../boundary/index.ts';
import type { LlmRouter } from '../llm/index.ts';
import { inWorldMinutes } from '../npc/index.ts';
import type { StoryPack } from '../pack/index.ts';
import type { PromptBook } from '../prompts/index.ts';
import type { PlayState } from './play-state.ts';

/** What the Chronicler's warm-up reads: the played pack, its prompts, and who runs the Chronicler. */
export interface ChroniclerWarmUpDeps {
  readonly router: LlmRouter;
  readonly prompts: PromptBook;
  readonly pack: StoryPack;
}

/**
 * While the player reads, after the Narrator's: the Chronicler's prompt up to the scene that will close (see
 * chroniclerWarmUp). When the scene closes, the Chronicler is the longest call of the first run, with nothing of its
 * own in the cache until then (a boundary's stages come once a scene); warmed, it finds its instructions, the world's
 * forces and what the world knows already there. A provider without a cache of its own has nothing to warm.
 */
export async function warmChronicler(
  deps: ChroniclerWarmUpDeps,
  npc: NpcState,
  state: PlayState,
  signal: AbortSignal,
): Promise<void> {
  const provider = await deps.router.forStage('chronicler');
  const now = inWorldMinutes(state.time);
  if (provider.warm === undefined || now === null || signal.aborted) return;
  const messages = chroniclerWarmUp(deps.prompts, deps.pack, npc, state.scene, now);
  await provider.warm({ stage: 'chronicler', principal: 'public', messages, signal });
}
