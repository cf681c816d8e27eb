import { chroniclerWarmUp, type BoundaryInput } from '../boundary/index.ts';
import type { LlmRouter } from '../llm/index.ts';
import type { StoryPack } from '../pack/index.ts';
import type { PromptBook } from '../prompts/index.ts';

/** What the Chronicler's warm-up reads: the played pack, its prompts, and who runs the Chronicler. */
export interface ChroniclerWarmUpDeps {
  readonly router: LlmRouter;
  readonly prompts: PromptBook;
  readonly pack: StoryPack;
}

/**
 * While the player reads, after the Narrator's: the Chronicler's prompt up to the time the scene will close at, its
 * lines so far included (see chroniclerWarmUp). A scene's close runs the Chronicler in the boundary's first run, which
 * the next scene waits for; its prompt is that run's longest (about 3,200 tokens at Lantern Quay's first close) and,
 * as a boundary's stages come once a scene, none of it is cached until then. Warmed, it finds its instructions, the
 * world's forces, what the world knows and all of the scene but its closing turn already there. One sequence holds
 * it; a provider without a cache of its own has nothing to warm.
 */
export async function warmChronicler(
  deps: ChroniclerWarmUpDeps,
  input: BoundaryInput,
  signal: AbortSignal,
): Promise<void> {
  const provider = await deps.router.forStage('chronicler');
  if (provider.warm === undefined || signal.aborted) return;
  const messages = chroniclerWarmUp(deps.prompts, deps.pack, input);
  await provider.warm({ stage: 'chronicler', principal: 'public', messages, signal });
}
