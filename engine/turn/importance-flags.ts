import type { NpcState } from '../boundary/index.ts';
import {
  applyImportanceFlags,
  CHARACTER_TIERS,
  idsOfTier,
  inWorldMinutes,
  tierOf,
  type RefusedRequest,
  type TierChange,
  type TierRequest,
  type TierRoster,
} from '../npc/index.ts';
import type { NarratorImportanceFlags } from './outputs.ts';

// The checkpoint kinds are named with every other kind in engine/store/checkpoint-kinds.ts.
export { IMPORTANCE_FLAGS_CHECKPOINT } from '../store/index.ts';

export type ImportanceReport = {
  readonly changes: readonly TierChange[];
  readonly refused: readonly RefusedRequest[];
};

/** The characters the Narrator may flag at a scene opening: everyone the roster ranks. */
export function flaggableCharacters(roster: TierRoster | null): readonly string[] {
  return roster === null ? [] : Object.keys(roster.characters).sort();
}

/**
 * The Narrator's note at a scene opening (npc-simulation.md's Writer): who stands at which tier, and how to ask for a
 * change. Only openings carry it, so every other turn's prompt stays as it was.
 */
export function importanceBrief(roster: TierRoster): string {
  const tiers = CHARACTER_TIERS.map((tier) => `${tier}: ${idsOfTier(roster, tier).join(', ') || '(none)'}`).join('; ');
  return [
    `This turn opens a scene. The characters' tiers now — ${tiers}.`,
    `arc_important characters (at most ${roster.cap}) pursue their own ends off-screen; significant ones stay`,
    'consistent whenever met; background ones fill a role. If the story now needs someone to matter more or less, add',
    '"importance_flags": {"upgrade_requests": [{"character": "id", "requested": "arc_important", "reason": "..."}],',
    '"downgrade_requests": []} to the script; otherwise leave it out.',
  ].join('\n');
}

export type FlaggedNpcState = { readonly npc: NpcState; readonly report: ImportanceReport | null };

/**
 * Applies the Narrator's flags to the roster under the arc_important cap, at the turn's in-world time. The same state
 * (and no report) when the script carried none, so the caller commits an npc_state only when something changed.
 */
export function withImportanceFlags(
  npc: NpcState,
  flags: NarratorImportanceFlags | null,
  time: string,
): FlaggedNpcState {
  const now = inWorldMinutes(time);
  const roster = npc.roster;
  if (flags === null || roster === null || now === null) return { npc, report: null };
  const requests = (list: NarratorImportanceFlags['upgrade_requests']): TierRequest[] =>
    list.map((item) => ({ ...item, current: tierOf(roster, item.character) ?? item.requested }));
  const update = applyImportanceFlags(
    roster,
    { upgradeRequests: requests(flags.upgrade_requests), downgradeRequests: requests(flags.downgrade_requests) },
    now,
  );
  if (update.changes.length === 0 && update.refused.length === 0) return { npc, report: null };
  const report = { changes: update.changes, refused: update.refused };
  return { npc: update.changes.length === 0 ? npc : { ...npc, roster: update.roster }, report };
}
