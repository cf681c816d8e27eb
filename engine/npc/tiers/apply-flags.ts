import type { InWorldMinute } from '../in-world-time.ts';
import { compareIds } from '../order.ts';
import type { ImportanceFlags, TierRequest } from './tier-requests.ts';
import { tierRank, type CharacterTier, type TierRecord, type TierRoster } from './tier.ts';

export type TierChange = {
  readonly character: string;
  readonly from: CharacterTier;
  readonly to: CharacterTier;
  /** `cap`: demoted to make room for a promotion. */
  readonly cause: 'request' | 'cap';
  readonly reason: string;
};

export type RefusedRequest = { readonly request: TierRequest; readonly why: string };

/**
 * The new roster and what happened, for the debug panel. A change from `background` upward means the character now
 * needs a full profile and a KG; crafting it is the caller's next step.
 */
export type TierUpdate = {
  readonly roster: TierRoster;
  readonly changes: readonly TierChange[];
  readonly refused: readonly RefusedRequest[];
};

/**
 * Applies importance flags at a scene opening. Lowering requests run first so they free room under the cap.
 *
 * The cap: npc-simulation.md lists "need to make room for a newly important character (hard cap)" among the reasons
 * to demote, so a promotion into a full arc_important tier demotes the least-recently-relevant arc_important character
 * to significant (never one promoted in this same batch; ties go to the smaller id). Only when no one can make room
 * (a cap of 0, or every slot taken by this batch's promotions) is the promotion refused. The writer asked for the new
 * character by name; the one who drops is the one the story has left behind longest.
 *
 * `makeRoom: false` (the boundary's rules) refuses a promotion into a full tier instead: a rule fires every boundary,
 * and letting it bump would swap characters in and out of the tier from one scene to the next.
 */
export function applyImportanceFlags(
  roster: TierRoster,
  flags: ImportanceFlags,
  now: InWorldMinute,
  { makeRoom = true }: { readonly makeRoom?: boolean } = {},
): TierUpdate {
  const characters: Record<string, TierRecord> = { ...roster.characters };
  const changes: TierChange[] = [];
  const refused: RefusedRequest[] = [];
  const requests = [...flags.downgradeRequests, ...flags.upgradeRequests];
  const conflicted = conflictingCharacters(requests);
  const handled = new Set<string>();
  const promoted = new Set<string>();
  const lowering: TierRequest[] = [];
  const raising: TierRequest[] = [];

  for (const request of requests) {
    const record = Object.hasOwn(characters, request.character) ? characters[request.character] : undefined;
    if (record === undefined) refused.push({ request, why: 'not on the roster' });
    else if (conflicted.has(request.character))
      refused.push({ request, why: 'conflicting requests for this character' });
    else if (handled.has(request.character)) refused.push({ request, why: 'an earlier request already handled it' });
    else if (record.tier === request.requested) refused.push({ request, why: `already ${record.tier}` });
    else (tierRank(request.requested) < tierRank(record.tier) ? lowering : raising).push(request);
    handled.add(request.character);
  }

  const move = (id: string, to: CharacterTier, cause: TierChange['cause'], reason: string, relevant: boolean): void => {
    const record = characters[id];
    if (record === undefined) return;
    changes.push({ character: id, from: record.tier, to, cause, reason });
    const lastRelevantAt = relevant ? Math.max(record.lastRelevantAt ?? now, now) : record.lastRelevantAt;
    characters[id] = { tier: to, lastRelevantAt };
  };

  for (const request of lowering) move(request.character, request.requested, 'request', request.reason, false);
  for (const request of raising) {
    if (request.requested === 'arc_important' && arcCount(characters) >= roster.cap) {
      const victim = makeRoom ? leastRecentlyRelevant(characters, promoted) : null;
      if (victim === null) {
        const why = makeRoom ? 'no one can make room' : 'a rule never pushes anyone out';
        refused.push({ request, why: `the arc_important cap of ${roster.cap} is full and ${why}` });
        continue;
      }
      move(victim, 'significant', 'cap', `made room for ${request.character} (least recently relevant)`, false);
    }
    move(request.character, request.requested, 'request', request.reason, true);
    if (request.requested === 'arc_important') promoted.add(request.character);
  }
  return { roster: { ...roster, characters }, changes, refused };
}

function conflictingCharacters(requests: readonly TierRequest[]): ReadonlySet<string> {
  const wanted = new Map<string, CharacterTier>();
  const conflicted = new Set<string>();
  for (const request of requests) {
    const earlier = wanted.get(request.character);
    if (earlier !== undefined && earlier !== request.requested) conflicted.add(request.character);
    wanted.set(request.character, request.requested);
  }
  return conflicted;
}

function arcCount(characters: Readonly<Record<string, TierRecord>>): number {
  return Object.values(characters).filter((record) => record.tier === 'arc_important').length;
}

function leastRecentlyRelevant(
  characters: Readonly<Record<string, TierRecord>>,
  exclude: ReadonlySet<string>,
): string | null {
  const candidates = Object.entries(characters)
    .filter(([id, record]) => record.tier === 'arc_important' && !exclude.has(id))
    .sort(([idA, a], [idB, b]) => compareRelevance(a.lastRelevantAt, b.lastRelevantAt) || compareIds(idA, idB));
  return candidates[0]?.[0] ?? null;
}

/** Never relevant sorts before any time. */
function compareRelevance(a: InWorldMinute | null, b: InWorldMinute | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a - b;
}
