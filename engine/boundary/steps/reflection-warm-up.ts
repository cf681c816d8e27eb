import type { StoryPack } from '../../pack/index.ts';
import type { PromptBook } from '../../prompts/index.ts';
import type { WarmUpPrompt } from '../simulation/index.ts';
import type { BoundaryInput } from '../snapshot.ts';
import { readClosedScene } from './closed-scene.ts';
import { reflectionViews } from './reflection-view.ts';

/**
 * While the player reads: each CharacterReflection prompt as a close of the scene now would send it (`input`: the
 * snapshot such a close would take). A reflection reads the whole scene as its character lived it (≈ 2,400 tokens
 * each at Lantern Quay's first close), and as a boundary's stages come once a scene, none of it was cached when the
 * scene closed: the next turn's first character call waits for them. Its template prints the scene's lines before
 * anything a close may change (what the world knows, the character's memories and states), and a scene only grows,
 * so each reading adds the new lines to what the last one warmed.
 */
export function reflectionWarmUps(prompts: PromptBook, pack: StoryPack, input: BoundaryInput): readonly WarmUpPrompt[] {
  return reflectionViews(pack, readClosedScene(input), input.snapshot.personaId).map(({ character, variables }) => ({
    stage: 'character_reflection',
    principal: character.id,
    messages: prompts.renderBoundary('character_reflection', variables),
  }));
}
