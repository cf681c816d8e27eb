import type { InWorldMinute } from '../in-world-time.ts';
import type { KnowledgeDraft } from '../knowledge/entry.ts';
import { compareIds } from '../order.ts';
import type { SocialGraph } from './ties.ts';

/** Propagation depth ≤ 3 (issue 6): a witness's word, a rumour, an inference, and no further. */
export const MAX_RIPPLE_DEPTH = 3;
/** The share of a happening's salience that survives to each hop: told by a witness, rumour, inference. */
export const HOP_ATTENUATION: { readonly [hop in RippleHop]: number } = { 1: 0.7, 2: 0.45, 3: 0.25 };
/** A path whose ties multiply below this carries nothing: acquaintances of acquaintances do not gossip. */
export const MIN_PATH_STRENGTH = 0.15;
export const RUMOR_TAG = 'rumor';
export const INFERENCE_TAG = 'inference';

export type RippleHop = 1 | 2 | 3;

/** Who news reaches: how many hops from a witness, through whom it last passed, and the strength of that path. */
export type NewsReach = {
  readonly id: string;
  readonly hops: RippleHop;
  readonly via: string;
  readonly strength: number;
};

/**
 * Breadth-first over the social graph from the scene's witnesses: each character is reached at its network distance
 * (the fewest hops), by the strongest path of that length. Witnesses are never reached (they were there), and paths
 * weaker than MIN_PATH_STRENGTH stop. Everyone in the graph relays, whether or not they keep a knowledge graph.
 */
export function spreadNews(
  graph: SocialGraph,
  witnesses: readonly string[],
  depth: number = MAX_RIPPLE_DEPTH,
): readonly NewsReach[] {
  if (!Number.isInteger(depth) || depth < 0 || depth > MAX_RIPPLE_DEPTH) {
    throw new RangeError(`ripple depth must be 0–${MAX_RIPPLE_DEPTH}, got ${depth}`);
  }
  const settled = new Set(witnesses);
  let frontier = new Map<string, number>([...settled].map((id) => [id, 1]));
  const reached: NewsReach[] = [];
  for (let hop = 1; hop <= depth && frontier.size > 0; hop += 1) {
    const best = new Map<string, { via: string; strength: number }>();
    for (const [from, carried] of [...frontier].sort(([x], [y]) => compareIds(x, y))) {
      for (const { other, strength } of neighbours(graph, from)) {
        const path = carried * strength;
        if (settled.has(other) || path < MIN_PATH_STRENGTH) continue;
        const known = best.get(other);
        if (known === undefined || path > known.strength) best.set(other, { via: from, strength: path });
      }
    }
    frontier = new Map();
    for (const [id, { via, strength }] of [...best].sort(([x], [y]) => compareIds(x, y))) {
      settled.add(id);
      frontier.set(id, strength);
      reached.push({ id, hops: hopOf(hop), via, strength });
    }
  }
  return reached;
}

/** Something that happened in the scene, worth talking about. */
export type SceneNews = {
  readonly text: string;
  readonly salience: number;
  readonly time: InWorldMinute;
  readonly place: string | null;
  readonly entities: readonly string[];
};

export type RippleOptions = {
  /** Display names for the memory text ("Heard from Kit that…"). */
  readonly nameOf: (id: string) => string;
  /** Provenance ref, such as the closing turn. */
  readonly ref: string | null;
};

/** The "heard that…" memories each reached character gains, salience attenuated by its distance. */
export function rippleDrafts(
  reach: readonly NewsReach[],
  news: readonly SceneNews[],
  options: RippleOptions,
): readonly { readonly characterId: string; readonly drafts: readonly KnowledgeDraft[] }[] {
  if (news.length === 0) return [];
  return reach.map((reached) => ({
    characterId: reached.id,
    drafts: news.map((item): KnowledgeDraft => ({
      kind: 'memory',
      text: retold(item.text, reached, options.nameOf),
      time: item.time,
      place: item.place,
      entities: reached.hops === 1 ? [...item.entities, reached.via] : item.entities,
      salience: attenuatedSalience(item.salience, reached.hops),
      tags: reached.hops === MAX_RIPPLE_DEPTH ? [RUMOR_TAG, INFERENCE_TAG] : [RUMOR_TAG],
      provenance: { source: 'social-ripple', ref: options.ref },
    })),
  }));
}

export function attenuatedSalience(salience: number, hops: RippleHop): number {
  return Math.max(1, Math.round(salience * HOP_ATTENUATION[hops]));
}

function retold(text: string, reached: NewsReach, nameOf: (id: string) => string): string {
  const what = text.trim().replace(/[.!]+$/u, '');
  // "The harbour office burned" reads on as "that the harbour office burned"; a name keeps its capital.
  const said = /^(the|a|an) /u.test(what.toLowerCase()) ? what.charAt(0).toLowerCase() + what.slice(1) : what;
  switch (reached.hops) {
    case 1:
      return `Heard from ${nameOf(reached.via)} that ${said}.`;
    case 2:
      return `Heard it going around that ${said}.`;
    case 3:
      return `Gathered from scattered talk that ${said}, though nobody saw it firsthand.`;
  }
}

function neighbours(graph: SocialGraph, id: string): readonly { other: string; strength: number }[] {
  return graph.ties.flatMap((tie) => {
    if (tie.a === id) return [{ other: tie.b, strength: tie.strength }];
    if (tie.b === id) return [{ other: tie.a, strength: tie.strength }];
    return [];
  });
}

function hopOf(hop: number): RippleHop {
  if (hop === 1 || hop === 2 || hop === 3) return hop;
  throw new RangeError(`not a ripple hop: ${hop}`);
}
