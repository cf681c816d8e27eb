import { DEFAULT_STORYKEEPER_CONFIG, type DistanceWeights, type StorykeeperConfig } from './defaults.ts';
import { clamp01 } from './numbers.ts';
import type { Scene } from './scene.ts';
import type { Holds } from './truth.ts';

/** Where the player stands, and what the caller knows about gates and travel. */
export type Vantage = {
  readonly holds: Holds;
  readonly isGateSatisfied: (gateId: string) => boolean;
  /** The location the persona is in, or null when it has none (physical distance is then the whole of it). */
  readonly location: string | null;
  /** The cost of the cheapest way between two locations (engine/world's getPath), or null when there is none. */
  readonly travelCost: (from: string, to: string) => number | null;
};

/** Each part in [0, 1], the weights of the scene's type, and their weighted sum. */
export type NarrativeDistance = {
  readonly information: number;
  readonly emotional: number;
  readonly relational: number;
  readonly physical: number;
  readonly weights: DistanceWeights;
  readonly total: number;
};

/** How far the player is from a scene: information, emotion, relations and travel, weighted by the scene's type. */
export function narrativeDistance(
  scene: Scene,
  vantage: Vantage,
  config: StorykeeperConfig = DEFAULT_STORYKEEPER_CONFIG,
): NarrativeDistance {
  const information = unmetShare(scene.gates, vantage.isGateSatisfied);
  const relations = scene.requiredCast.flatMap((member) => (member.relation === undefined ? [] : [member.relation]));
  const relational = unmetShare(relations, (relation) => vantage.holds(relation) > 0);
  const emotional = emotionalDistance(scene, vantage.holds);
  const physical = physicalDistance(scene, vantage, config.distance.maxTravelCost);
  const weights = config.distance.byType[scene.type];
  const total =
    weights.information * information +
    weights.emotional * emotional +
    weights.relational * relational +
    weights.physical * physical;
  return { information, emotional, relational, physical, weights, total };
}

/** 1 − satisfied ÷ total; nothing to satisfy is no distance at all. */
function unmetShare(items: readonly string[], isMet: (item: string) => boolean): number {
  if (items.length === 0) return 0;
  const met = items.filter(isMet).length;
  return 1 - met / items.length;
}

/** How far the persona's feelings are from the nearest emotional target of the scene's approaches (0 if it has none). */
function emotionalDistance(scene: Scene, holds: Holds): number {
  let closest: number | null = null;
  for (const vector of scene.approachVectors) {
    if (vector.emotionalTarget === undefined) continue;
    const reached = clamp01(holds(vector.emotionalTarget));
    closest = closest === null ? reached : Math.max(closest, reached);
  }
  return closest === null ? 0 : 1 - closest;
}

/** Travel cost ÷ the story's maximum, capped at 1; no way there (or no position) is the full distance. */
function physicalDistance(scene: Scene, vantage: Vantage, maxTravelCost: number): number {
  if (vantage.location === null) return 1;
  if (vantage.location === scene.setting) return 0;
  const cost = vantage.travelCost(vantage.location, scene.setting);
  if (cost === null || maxTravelCost <= 0) return 1;
  return clamp01(cost / maxTravelCost);
}
