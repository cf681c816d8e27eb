import type { TruthSet } from '../../events/index.ts';
import type { StoryPack } from '../../pack/index.ts';
import { evaluateLandscape, type LandscapeEvaluation } from './evaluate-landscape.ts';
import { configOf } from './pack-config.ts';

export interface LandscapeAt {
  readonly truth: TruthSet;
  readonly turn: number;
  readonly location: string;
  readonly persona: string;
}

/** The landscape as the Storykeeper weighs it now (precomputed at scene entry, again when a gate opens). */
export function landscapeNow(pack: StoryPack, at: LandscapeAt): LandscapeEvaluation {
  return evaluateLandscape(pack, { ...at, config: configOf(pack) });
}

/**
 * The scene a place opens: of the narrative graph's scenes set here and not completed, the one pulling hardest; a
 * place no scene is set in is its own scene. (InScene names it, so the landscape knows where play stands.)
 */
export function sceneIdAt(evaluation: LandscapeEvaluation, location: string): string {
  const here = evaluation.landscape.scenes
    .filter((scene) => scene.scene.setting === location && scene.state !== 'completed')
    .sort((a, b) => b.pull - a.pull || a.id.localeCompare(b.id));
  return here[0]?.id ?? location;
}
