import { hours, type InWorldMinute } from '../in-world-time.ts';
import { MAX_SALIENCE, type VisibleEntry } from './entry.ts';
import { normaliseLabels } from './labels.ts';

export type RetrievalWeights = {
  readonly entity: number;
  readonly tag: number;
  readonly salience: number;
  readonly recency: number;
  /** In-world minutes after which an entry's recency counts half. */
  readonly recencyHalfLife: number;
};

/** Entity relevance dominates: a stage asking about Tam wants Tam, then what mattered, then what was recent. */
export const DEFAULT_RETRIEVAL_WEIGHTS: RetrievalWeights = {
  entity: 3,
  tag: 1.5,
  salience: 2,
  recency: 1,
  recencyHalfLife: hours(24),
};

export type RetrievalQuery = {
  /** The in-world time of the asking stage: entries dated later have not happened yet and are never returned. */
  readonly now: InWorldMinute;
  readonly limit: number;
  /** Entity ids; an entry's place counts as one of its entities. */
  readonly entities?: readonly string[];
  readonly tags?: readonly string[];
  readonly weights?: Partial<RetrievalWeights>;
};

/** Each part in [0, 1] before weighting, kept so a debug panel can show why an entry ranked where it did. */
export type ScoreParts = {
  readonly entity: number;
  readonly tag: number;
  readonly salience: number;
  readonly recency: number;
};

export type RankedEntry = { readonly entry: VisibleEntry; readonly score: number; readonly parts: ScoreParts };

/**
 * Ranks entries for a query, best first, at most `limit`. When the query names entities or tags, only entries matching
 * at least one of them qualify; otherwise everything up to `now` ranks by salience and recency. Ties go to the later
 * entry, then the later-written one, so the order is total and repeatable.
 */
export function rankEntries(entries: readonly VisibleEntry[], query: RetrievalQuery): readonly RankedEntry[] {
  if (!Number.isInteger(query.limit) || query.limit < 0) throw new RangeError(`limit must be ≥ 0, got ${query.limit}`);
  const weights = { ...DEFAULT_RETRIEVAL_WEIGHTS, ...query.weights };
  const wantedEntities = normaliseLabels(query.entities ?? []);
  const wantedTags = normaliseLabels(query.tags ?? []);
  const filtered = wantedEntities.length > 0 || wantedTags.length > 0;
  const ranked: RankedEntry[] = [];
  for (const entry of entries) {
    if (entry.time > query.now) continue;
    const subjects = entry.place === null ? entry.entities : [...entry.entities, entry.place.toLowerCase()];
    const parts: ScoreParts = {
      entity: overlap(wantedEntities, subjects),
      tag: overlap(wantedTags, entry.tags),
      salience: entry.salience / MAX_SALIENCE,
      recency: 0.5 ** ((query.now - entry.time) / weights.recencyHalfLife),
    };
    if (filtered && parts.entity === 0 && parts.tag === 0) continue;
    const score =
      weights.entity * parts.entity +
      weights.tag * parts.tag +
      weights.salience * parts.salience +
      weights.recency * parts.recency;
    ranked.push({ entry, score, parts });
  }
  ranked.sort((a, b) => b.score - a.score || b.entry.time - a.entry.time || b.entry.seq - a.entry.seq);
  return ranked.slice(0, query.limit);
}

/** The share of the wanted labels the entry carries. */
function overlap(wanted: readonly string[], present: readonly string[]): number {
  if (wanted.length === 0) return 0;
  const have = new Set(present);
  return wanted.filter((label) => have.has(label)).length / wanted.length;
}
