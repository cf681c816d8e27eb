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
 * chroniclerWarmUp). A scene's close runs the Chronicler in the boundary's first run, which the next scene waits for;
 * its prompt is that run's longest (about 3,200 tokens at Lantern Quay's first close) and, as a boundary's stages come
 * once a scene, none of it is cached until then. Warmed, it finds its instructions, the world's forces and what the
 * world knows already there. One sequence holds it; a provider without a cache of its own has nothing to warm.
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
