import type { StoryPack } from '../../pack/index.ts';
import { storykeeperConfig } from '../config.ts';
import type { StorykeeperConfig } from '../defaults.ts';

/** The story's Storykeeper config: the spec's defaults with the pack's `tuning.storykeeper` laid over them. */
export function configOf(pack: StoryPack): StorykeeperConfig {
  const tuning = pack.manifest.tuning.storykeeper;
  if (tuning === undefined) return storykeeperConfig();
  const scoring = {
    ...(tuning.minimumCandidateScore !== undefined && { minimumCandidateScore: tuning.minimumCandidateScore }),
    ...(tuning.recencyHalfLife !== undefined && { recencyHalfLife: tuning.recencyHalfLife }),
  };
  return storykeeperConfig({
    ...(tuning.retrievedTierBudget !== undefined && { retrievedTierBudget: tuning.retrievedTierBudget }),
    ...(tuning.nearbyAttractors !== undefined && { nearbyAttractors: tuning.nearbyAttractors }),
    ...(tuning.weights !== undefined && { weights: definedOnly(tuning.weights) }),
    scoring,
  });
}

function definedOnly<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
