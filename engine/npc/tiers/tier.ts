import type { InWorldMinute } from '../in-world-time.ts';
import { compareIds } from '../order.ts';

/** npc-simulation.md's character categories, highest first. */
export const CHARACTER_TIERS = ['arc_important', 'significant', 'background'] as const;
export type CharacterTier = (typeof CHARACTER_TIERS)[number];

/** "Hard cap: ~8 arc_important characters maximum" — per story; a pack may lower it. */
export const DEFAULT_ARC_IMPORTANT_CAP = 8;

/** Higher is more important; upgrades raise it, downgrades lower it. */
export function tierRank(tier: CharacterTier): number {
  return CHARACTER_TIERS.length - 1 - CHARACTER_TIERS.indexOf(tier);
}

export type TierRecord = {
  readonly tier: CharacterTier;
  /** The last in-world time the character mattered (appeared, was flagged, acted on the story); the cap's tie-breaker. */
  readonly lastRelevantAt: InWorldMinute | null;
};

/** Plain JSON, checkpointed with the save like the knowledge graphs. */
export type TierRoster = {
  readonly version: 1;
  readonly cap: number;
  readonly characters: { readonly [characterId: string]: TierRecord };
};

export type RosterSeed = { readonly id: string; readonly tier: CharacterTier; readonly lastRelevantAt?: InWorldMinute };

export type CreatedRoster =
  { readonly ok: true; readonly roster: TierRoster } | { readonly ok: false; readonly problems: readonly string[] };

/** A story's opening roster; more arc_important characters than the cap is an authoring error, reported, not trimmed. */
export function createTierRoster(seeds: readonly RosterSeed[], cap = DEFAULT_ARC_IMPORTANT_CAP): CreatedRoster {
  const problems: string[] = [];
  if (!Number.isInteger(cap) || cap < 0) problems.push(`the arc_important cap must be an integer ≥ 0, got ${cap}`);
  const characters: Record<string, TierRecord> = {};
  for (const seed of seeds) {
    if (Object.hasOwn(characters, seed.id)) problems.push(`character ${seed.id} is listed twice`);
    characters[seed.id] = { tier: seed.tier, lastRelevantAt: seed.lastRelevantAt ?? null };
  }
  const arc = countTier({ version: 1, cap, characters }, 'arc_important');
  if (arc > cap) problems.push(`${arc} arc_important characters exceed the cap of ${cap}`);
  return problems.length === 0 ? { ok: true, roster: { version: 1, cap, characters } } : { ok: false, problems };
}

export function tierOf(roster: TierRoster, characterId: string): CharacterTier | null {
  return Object.hasOwn(roster.characters, characterId) ? (roster.characters[characterId]?.tier ?? null) : null;
}

/** Ids of one tier, sorted, so every caller iterates in the same order. */
export function idsOfTier(roster: TierRoster, tier: CharacterTier): readonly string[] {
  return Object.entries(roster.characters)
    .filter(([, record]) => record.tier === tier)
    .map(([id]) => id)
    .sort(compareIds);
}

export function countTier(roster: TierRoster, tier: CharacterTier): number {
  return idsOfTier(roster, tier).length;
}

/** Records that these characters mattered at `at` (a scene they appeared in, a flag, a simulated action). */
export function markRelevant(roster: TierRoster, characterIds: readonly string[], at: InWorldMinute): TierRoster {
  const characters = { ...roster.characters };
  for (const id of characterIds) {
    const record = Object.hasOwn(characters, id) ? characters[id] : undefined;
    if (record === undefined) continue;
    characters[id] = { ...record, lastRelevantAt: Math.max(record.lastRelevantAt ?? at, at) };
  }
  return { ...roster, characters };
}

/**
 * Adds a character the story just created. Only below arc_important: becoming arc_important goes through a promotion
 * request so the cap is enforced in one place. An existing character is left as it is.
 */
export function enrolCharacter(
  roster: TierRoster,
  characterId: string,
  tier: Exclude<CharacterTier, 'arc_important'>,
  at: InWorldMinute,
): TierRoster {
  if (Object.hasOwn(roster.characters, characterId)) return roster;
  return { ...roster, characters: { ...roster.characters, [characterId]: { tier, lastRelevantAt: at } } };
}

/**
 * Whether a character keeps a knowledge graph of its own: arc_important and significant ones do; background ones get
 * partial profiles instead. A character the roster does not know yet (null) keeps one until it is ranked.
 */
export function keepsKnowledgeGraph(tier: CharacterTier | null): boolean {
  return tier !== 'background';
}
