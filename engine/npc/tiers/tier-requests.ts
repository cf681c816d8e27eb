import type { CharacterTier } from './tier.ts';

/**
 * One of the Narrator's `importance_flags` requests (npc-simulation.md, "Writer output format"), or one derived by a
 * rule (see `ruleTierRequests`). `character` is an id: the turn resolves the Narrator's names before this room sees
 * them. `current` is what the requester believed; the roster's own tier is what counts.
 */
export type TierRequest = {
  readonly character: string;
  readonly current: CharacterTier;
  readonly requested: CharacterTier;
  readonly reason: string;
};

export type ImportanceFlags = {
  readonly upgradeRequests: readonly TierRequest[];
  readonly downgradeRequests: readonly TierRequest[];
};

export const NO_FLAGS: ImportanceFlags = { upgradeRequests: [], downgradeRequests: [] };

/** The Narrator's flags first (the writer has creative authority), then the rules'. */
export function combineFlags(...flags: readonly ImportanceFlags[]): ImportanceFlags {
  return {
    upgradeRequests: flags.flatMap((item) => item.upgradeRequests),
    downgradeRequests: flags.flatMap((item) => item.downgradeRequests),
  };
}
