import type { DropReason } from '../api/index.ts';
import type { BoundaryStatus } from './candidate.ts';
import { DEFAULT_STORYKEEPER_CONFIG } from './defaults.ts';

/** What the trim needs of an item: a ScoredCandidate fits as it is. */
export type Budgeted = {
  readonly id: string;
  readonly tokens: number;
  readonly score: number;
  readonly mandatory?: boolean | undefined;
  readonly boundary?: BoundaryStatus | undefined;
};

// The drop reasons are wire vocabulary (the debug context view names them), so engine/api owns them.
export type { DropReason };

export type Selection<T> = {
  /** Mandatory items first, then the rest by score, highest first. */
  readonly selected: readonly T[];
  readonly dropped: readonly { readonly item: T; readonly reason: DropReason }[];
  readonly tokens: number;
  readonly budget: number;
  /** Tokens beyond the budget, which only mandatory items can cause (they are always included). */
  readonly overBudget: number;
};

/**
 * ARCHITECTURE §8.9: information boundaries first (hard-boundary and withheld items are never included, mandatory or
 * not), one item per id, mandatory items always, the rest dropped under the minimum score, then greedily by score per
 * token: an item that does not fit is skipped and smaller ones after it may still fit.
 */
export function selectWithinBudget<T extends Budgeted>(
  items: readonly T[],
  budget: number,
  minimumScore: number = DEFAULT_STORYKEEPER_CONFIG.scoring.minimumCandidateScore,
): Selection<T> {
  const dropped: { item: T; reason: DropReason }[] = [];
  const best = new Map<string, T>();
  for (const item of items) {
    if (item.boundary === 'hard_boundary' || item.boundary === 'withheld') {
      dropped.push({ item, reason: 'information_boundary' });
      continue;
    }
    const seen = best.get(item.id);
    if (seen === undefined) best.set(item.id, item);
    else if (outranks(item, seen)) {
      dropped.push({ item: seen, reason: 'duplicate' });
      best.set(item.id, item);
    } else dropped.push({ item, reason: 'duplicate' });
  }
  const mandatory: T[] = [];
  const optional: T[] = [];
  for (const item of best.values()) {
    if (item.mandatory === true) mandatory.push(item);
    else if (item.score >= minimumScore) optional.push(item);
    else dropped.push({ item, reason: 'below_minimum' });
  }
  let tokens = mandatory.reduce((sum, item) => sum + tokensOf(item), 0);
  const chosen: T[] = [];
  for (const item of optional.sort(byScorePerToken)) {
    if (tokens + tokensOf(item) <= budget) {
      chosen.push(item);
      tokens += tokensOf(item);
    } else dropped.push({ item, reason: 'over_budget' });
  }
  return {
    selected: [...mandatory.sort(byScore), ...chosen.sort(byScore)],
    dropped,
    tokens,
    budget,
    overBudget: Math.max(0, tokens - budget),
  };
}

function tokensOf(item: Budgeted): number {
  return Math.max(0, item.tokens);
}

/** Of two items with one id, keep the mandatory one, else the higher score. */
function outranks(a: Budgeted, b: Budgeted): boolean {
  if ((a.mandatory === true) !== (b.mandatory === true)) return a.mandatory === true;
  return a.score > b.score;
}

function perToken(item: Budgeted): number {
  const tokens = tokensOf(item);
  return tokens > 0 ? item.score / tokens : Number.POSITIVE_INFINITY;
}

function byScorePerToken(a: Budgeted, b: Budgeted): number {
  return perToken(b) - perToken(a) || byScore(a, b);
}

function byScore(a: Budgeted, b: Budgeted): number {
  return b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
