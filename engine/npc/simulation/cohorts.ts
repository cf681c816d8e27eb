import { compareIds } from '../order.ts';
import type { Cohort, Link } from './cohort-link.ts';
import { COHORT_THRESHOLD, intentChecksNeeded, key } from './uncertain-pairs.ts';
import { resolvePair, seekEachOther, type IntentCheckAnswer } from './intent.ts';
import { scoreAllPairs, type CohortCandidate, type PairScore } from './pair-score.ts';
import { splitCluster } from './split-cluster.ts';

export const MAX_COHORT_SIZE = 4;

export type CohortPlan = {
  readonly cohorts: readonly Cohort[];
  readonly standalone: readonly string[];
  readonly scores: readonly PairScore[];
  /** Every decision about a pair or a cluster, in words, for the debug panel. */
  readonly notes: readonly string[];
};

/**
 * Groups the characters queued for simulation (npc-simulation.md, "Cohort Formation"). Clear links (4+, in no chain)
 * join without asking; uncertain ones join only when the IntentCheck answers resolve to a cohort, and stay apart when
 * an answer is missing. Linked characters form clusters; a cluster larger than MAX_COHORT_SIZE is split, and nobody
 * is in two cohorts. Same input, same plan.
 */
export function formCohorts(candidates: readonly CohortCandidate[], answers: readonly IntentCheckAnswer[]): CohortPlan {
  const scores = scoreAllPairs(candidates);
  const byCharacter = new Map(answers.map((answer) => [answer.character, answer]));
  const uncertain = new Map(intentChecksNeeded(scores).pairs.map((item) => [key(item.pair.a, item.pair.b), item.why]));
  const notes: string[] = [];
  const links: Link[] = [];

  for (const pair of scores) {
    if (pair.score < COHORT_THRESHOLD) continue;
    const doubt = uncertain.get(key(pair.a, pair.b));
    const answerA = byCharacter.get(pair.a);
    const answerB = byCharacter.get(pair.b);
    const label = `${pair.a}–${pair.b} (${pair.score}: ${pair.factors.join(', ')})`;
    if (doubt === undefined) {
      links.push({ pair, mutual: seekEachOther(answerA, answerB) });
      notes.push(`${label}: clear link`);
    } else if (answerA === undefined || answerB === undefined) {
      const missing = answerA === undefined ? pair.a : pair.b;
      notes.push(`${label}: ${doubt}, no IntentCheck answer from ${missing}, kept apart`);
    } else {
      const resolution = resolvePair(answerA, answerB);
      if (resolution.cohort) links.push({ pair, mutual: resolution.mutual });
      notes.push(`${label}: ${doubt}, ${resolution.why}${resolution.cohort ? '' : ', kept apart'}`);
    }
  }

  const cohorts: Cohort[] = [];
  for (const cluster of clusters(links)) {
    if (cluster.members.length <= MAX_COHORT_SIZE) {
      cohorts.push(cluster);
      continue;
    }
    const groups = splitCluster(cluster, MAX_COHORT_SIZE);
    const kept = groups.map((group) => `[${group.members.join(', ')}]`).join(' ');
    notes.push(`cluster [${cluster.members.join(', ')}] is over ${MAX_COHORT_SIZE}: split into ${kept}`);
    cohorts.push(...groups);
  }
  cohorts.sort((p, q) => compareIds(p.members[0] ?? '', q.members[0] ?? ''));
  const grouped = new Set(cohorts.flatMap((cohort) => cohort.members));
  const standalone = candidates
    .map((c) => c.id)
    .filter((id) => !grouped.has(id))
    .sort(compareIds);
  return { cohorts, standalone, scores, notes };
}

/** Connected components of the links, each with its own links, members sorted. */
function clusters(links: readonly Link[]): readonly Cohort[] {
  const parent = new Map<string, string>();
  const find = (id: string): string => {
    const up = parent.get(id) ?? id;
    if (up === id) return id;
    const root = find(up);
    parent.set(id, root);
    return root;
  };
  for (const { pair } of links) {
    const [rootA, rootB] = [find(pair.a), find(pair.b)];
    if (rootA !== rootB) parent.set(rootB, rootA);
  }
  const byRoot = new Map<string, Link[]>();
  for (const link of links) {
    const root = find(link.pair.a);
    byRoot.set(root, [...(byRoot.get(root) ?? []), link]);
  }
  return [...byRoot.values()].map((own) => ({
    members: [...new Set(own.flatMap(({ pair }) => [pair.a, pair.b]))].sort(compareIds),
    links: own,
  }));
}
