import { describeDuration, type InWorldMinute } from '../in-world-time.ts';
import type { CharacterTier } from '../tiers/tier.ts';
import type { PlannerSettings } from './settings.ts';

/** What the planner knows of one character; plain data the roster and the save already hold. */
export type PlannerCharacter = {
  readonly id: string;
  readonly tier: CharacterTier;
  /** When its last simulation started (null: never simulated). */
  readonly lastSimulatedAt: InWorldMinute | null;
  /** When it was last in a scene with the MC (null: never). */
  readonly lastAppearedAt: InWorldMinute | null;
};

export type Freshness =
  | { readonly eligible: false; readonly reason: string }
  | { readonly eligible: true; readonly stale: boolean; readonly reason: string };

/**
 * One arc_important character's standing after a scene. The skip conditions come first: a character who was just in
 * the scene, or simulated within `freshWithin`, is up to date and is left out even when everyone else simulates.
 */
export function freshnessOf(
  character: PlannerCharacter,
  now: InWorldMinute,
  presentInEndedScene: ReadonlySet<string>,
  settings: PlannerSettings,
): Freshness {
  if (presentInEndedScene.has(character.id)) {
    return { eligible: false, reason: 'present in the scene that just ended (already up to date)' };
  }
  const { lastSimulatedAt, lastAppearedAt } = character;
  if (lastSimulatedAt !== null && now - lastSimulatedAt <= settings.freshWithin) {
    return {
      eligible: false,
      reason: `simulated ${describeDuration(now - lastSimulatedAt)} ago (fresh within ${describeDuration(settings.freshWithin)})`,
    };
  }
  const since = latest(lastSimulatedAt, lastAppearedAt);
  if (since === null) return { eligible: true, stale: true, reason: 'never simulated or seen' };
  const elapsed = now - since;
  const stale = elapsed > settings.staleAfter;
  const verdict = stale ? 'stale' : 'not stale';
  return {
    eligible: true,
    stale,
    reason: `${verdict}: ${describeDuration(elapsed)} since last simulated or seen (threshold ${describeDuration(settings.staleAfter)})`,
  };
}

function latest(a: InWorldMinute | null, b: InWorldMinute | null): InWorldMinute | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}
