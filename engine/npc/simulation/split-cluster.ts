import { compareIds } from '../order.ts';
import type { Cohort, Link } from './cohort-link.ts';

/**
 * Splits a cluster larger than `max` (npc-simulation.md, "Maximum Cohort Size"): links are taken strongest first —
 * mutual seekers before anyone else, then by score, then by ids so the result never depends on input order — and
 * each one joins its two characters when the group they would form stays within `max`. Whoever no kept link reaches
 * goes standalone: theirs were the weaker connections.
 */
export function splitCluster(cluster: Cohort, max: number): readonly Cohort[] {
  const ordered = [...cluster.links].sort(
    (p, q) =>
      Number(q.mutual) - Number(p.mutual) ||
      q.pair.score - p.pair.score ||
      compareIds(p.pair.a, q.pair.a) ||
      compareIds(p.pair.b, q.pair.b),
  );
  const groupOf = new Map<string, number>();
  const groups: { members: string[]; links: Link[] }[] = [];
  for (const link of ordered) {
    const { a, b } = link.pair;
    const ga = groupOf.get(a);
    const gb = groupOf.get(b);
    if (ga === undefined && gb === undefined) {
      groupOf.set(a, groups.length).set(b, groups.length);
      groups.push({ members: [a, b], links: [link] });
    } else if (ga !== undefined && gb !== undefined) {
      if (ga === gb) groups[ga]?.links.push(link);
      else mergeIfRoom(groups, groupOf, ga, gb, link, max);
    } else {
      const joined = ga ?? gb ?? 0;
      const group = groups[joined];
      if (group === undefined || group.members.length >= max) continue;
      const newcomer = ga === undefined ? a : b;
      group.members.push(newcomer);
      group.links.push(link);
      groupOf.set(newcomer, joined);
    }
  }
  return groups
    .filter((group) => group.members.length > 0)
    .map((group) => ({ members: [...group.members].sort(compareIds), links: group.links }));
}

function mergeIfRoom(
  groups: { members: string[]; links: Link[] }[],
  groupOf: Map<string, number>,
  into: number,
  from: number,
  link: Link,
  max: number,
): void {
  const target = groups[into];
  const source = groups[from];
  if (target === undefined || source === undefined) return;
  if (target.members.length + source.members.length > max) return;
  for (const member of source.members) groupOf.set(member, into);
  target.members.push(...source.members);
  target.links.push(...source.links, link);
  source.members = [];
  source.links = [];
}
