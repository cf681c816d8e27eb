import type { InWorldMinute } from '../in-world-time.ts';
import type { VisibleEntry } from './entry.ts';
import type { KnowledgeView } from './view.ts';

/** What a stage of one principal recalls, split by graph so a template can say which is public and which is its own. */
export type Recollection = { readonly world: readonly VisibleEntry[]; readonly own: readonly VisibleEntry[] };

export type RecallQuery = {
  readonly now: InWorldMinute;
  /** Who and what is at hand: the characters present and the place. */
  readonly entities: readonly string[];
  readonly limit: number;
  /** Entries with any of these tags are left out before the limit applies (what the prompt prints elsewhere). */
  readonly excludeTags?: readonly string[];
};

/**
 * A stage's recollection: first the entries about what is at hand (entities present, ranked by entity, salience and
 * recency), then, while room is left, whatever else matters most by salience and recency. Each graph gets its own
 * share of the limit, so a crowded World KG cannot push a character's own memories out of its prompt.
 */
export function recall(view: KnowledgeView, query: RecallQuery): Recollection {
  const share = Math.max(0, Math.ceil(query.limit / 2));
  const about = view.retrieve({ now: query.now, limit: Number.MAX_SAFE_INTEGER, entities: query.entities });
  const rest = view.retrieve({ now: query.now, limit: Number.MAX_SAFE_INTEGER });
  const excluded = new Set(query.excludeTags ?? []);
  const ranked = [...about, ...rest]
    .map((item) => item.entry)
    .filter((entry) => !entry.tags.some((tag) => excluded.has(tag)));
  return { world: firstOf(ranked, 'world', share), own: firstOf(ranked, 'own', share) };
}

function firstOf(ranked: readonly VisibleEntry[], graph: VisibleEntry['graph'], limit: number): VisibleEntry[] {
  const seen = new Set<number>();
  const chosen: VisibleEntry[] = [];
  for (const entry of ranked) {
    if (chosen.length >= limit) break;
    if (entry.graph !== graph || seen.has(entry.seq)) continue;
    seen.add(entry.seq);
    chosen.push(entry);
  }
  return chosen;
}
