import { MINUTES_PER_DAY, describeDuration, type InWorldMinute } from '../in-world-time.ts';
import type { ImportanceFlags, TierRequest } from './tier-requests.ts';
import { tierOf, type TierRoster } from './tier.ts';

/**
 * What the post-scene stages observed about a character, reduced to the signals npc-simulation.md's "When to
 * Promote/Demote" names. Judging them (is this arc resolved?) is an LLM's job; acting on them is this rule's.
 */
export type TierSignals = {
  readonly character: string;
  /** Its goals now involve seeking or opposing the persona (a pending_mc_interaction, an IntentCheck seeking them). */
  readonly pursuesPersona: boolean;
  /** Its independent decisions now affect the story (the Chronicler tied its actions to an active thread). */
  readonly drivesStory: boolean;
  /** Antagonist defeated, romance settled: the arc is over. */
  readonly arcResolved: boolean;
  /** When it left the story's active area, or null while it is within it. */
  readonly awayFromActiveAreaSince: InWorldMinute | null;
  /** Its own standing with the persona is strong, warm or cold (Standings): it has its own reasons to seek or oppose them. */
  readonly strongWithPersona?: boolean;
};

/** "Exits the active story area long-term": the spec gives no figure; three in-world days is long for most stories. */
export const DEFAULT_LONG_TERM_ABSENCE = 3 * MINUTES_PER_DAY;

/**
 * The spec's promotion and demotion rules as requests, to be applied with the Narrator's flags. Only significant ↔
 * arc_important: a background character has no full profile to promote, so only the Narrator may ask for that.
 */
export function ruleTierRequests(
  roster: TierRoster,
  signals: readonly TierSignals[],
  now: InWorldMinute,
  longTermAbsence = DEFAULT_LONG_TERM_ABSENCE,
): ImportanceFlags {
  const upgradeRequests: TierRequest[] = [];
  const downgradeRequests: TierRequest[] = [];
  for (const signal of signals) {
    const { character } = signal;
    const tier = tierOf(roster, character);
    if (tier === 'significant') {
      const reason = promotionReason(signal);
      if (reason !== null) upgradeRequests.push({ character, current: tier, requested: 'arc_important', reason });
    } else if (tier === 'arc_important') {
      const reason = demotionReason(signal, now, longTermAbsence);
      if (reason !== null) downgradeRequests.push({ character, current: tier, requested: 'significant', reason });
    }
  }
  return { upgradeRequests, downgradeRequests };
}

function promotionReason(signal: TierSignals): string | null {
  if (signal.pursuesPersona) return 'rule: its goals now involve seeking or opposing the MC';
  if (signal.drivesStory) return 'rule: its own decisions now affect the story';
  if (signal.strongWithPersona === true) return 'rule: it stands strongly with or against the MC';
  return null;
}

function demotionReason(signal: TierSignals, now: InWorldMinute, longTermAbsence: number): string | null {
  if (signal.arcResolved) return 'rule: its arc has resolved';
  if (signal.awayFromActiveAreaSince === null) return null;
  const away = now - signal.awayFromActiveAreaSince;
  return away >= longTermAbsence ? `rule: away from the active story area for ${describeDuration(away)}` : null;
}
