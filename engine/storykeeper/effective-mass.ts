import { approachSatisfaction } from './approach.ts';
import { DEFAULT_STORYKEEPER_CONFIG, type StorykeeperConfig } from './defaults.ts';
import type { Scene, SceneFlags } from './scene.ts';
import type { Holds } from './truth.ts';

export type StructuralReason = 'gates' | keyof SceneFlags;

/** Effective mass and the parts it is made of, for the debug panel. */
export type EffectiveMass = {
  readonly base: number;
  readonly structural: number;
  readonly structuralParts: readonly { readonly reason: StructuralReason; readonly amount: number }[];
  /** The best approach vector's weighted match, in [0, 1], and that vector's id. */
  readonly approachSatisfaction: number;
  readonly bestApproach: string | null;
  /** approachSatisfaction × the approach weight (0.2). */
  readonly approach: number;
  readonly total: number;
};

const FLAGS: readonly (keyof SceneFlags)[] = [
  'convergencePoint',
  'thresholdScene',
  'requiredForStory',
  'emotionalHinge',
  'branchPoint',
];

/** ARCHITECTURE §8.6: authored base + structural modifier + approach satisfaction × 0.2. */
export function effectiveMass(
  scene: Scene,
  holds: Holds,
  config: StorykeeperConfig = DEFAULT_STORYKEEPER_CONFIG,
): EffectiveMass {
  const { mass } = config;
  const structuralParts: { reason: StructuralReason; amount: number }[] = [];
  if (scene.gates.length > 0) structuralParts.push({ reason: 'gates', amount: scene.gates.length * mass.perGate });
  for (const flag of FLAGS) if (scene.flags[flag]) structuralParts.push({ reason: flag, amount: mass[flag] });
  const structural = structuralParts.reduce((sum, part) => sum + part.amount, 0);
  const approach = approachSatisfaction(scene, holds);
  const approachPart = approach.satisfaction * mass.approach;
  return {
    base: scene.baseMass,
    structural,
    structuralParts,
    approachSatisfaction: approach.satisfaction,
    bestApproach: approach.vector,
    approach: approachPart,
    total: scene.baseMass + structural + approachPart,
  };
}
