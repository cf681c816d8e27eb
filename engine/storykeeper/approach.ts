import type { Scene } from './scene.ts';
import { weightedMatch, type Holds } from './truth.ts';

export type ApproachSatisfaction = {
  /** The best approach vector's weighted match, in [0, 1]; 0 for a scene with no approach vectors. */
  readonly satisfaction: number;
  /** That vector's id (the first of equals, in authored order), or null. */
  readonly vector: string | null;
};

/** How close the truth set has brought the player to a scene, along whichever way in is most advanced. */
export function approachSatisfaction(scene: Scene, holds: Holds): ApproachSatisfaction {
  let best: ApproachSatisfaction = { satisfaction: 0, vector: null };
  for (const vector of scene.approachVectors) {
    const satisfaction = weightedMatch(vector.conditions, holds);
    if (best.vector === null || satisfaction > best.satisfaction) best = { satisfaction, vector: vector.id };
  }
  return best;
}
