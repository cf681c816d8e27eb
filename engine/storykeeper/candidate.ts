/**
 * A candidate item for the retrieved tier (Tier 3), as a candidate source produces it. The Storykeeper scores it
 * against the landscape (score-candidate.ts) and trims the pool to the budget (select-within-budget.ts).
 */

/** The six candidate sources of gravitational-context-assembly.md, and lore (the lorebook and learned lore, §8.2). */
export type CandidateSource = 'entity' | 'emotional' | 'gravitational' | 'sub_graph' | 'revelation' | 'echo' | 'lore';

/**
 * Where the candidate stands against the principal's information boundaries: `known` (fully available), `suspected`
 * (hint, do not state), `withheld` (the Storykeeper guards the mystery) or `hard_boundary` (must never be seen).
 */
export type BoundaryStatus = 'known' | 'suspected' | 'withheld' | 'hard_boundary';

/** What the candidate is about, for matching it against attractors, sub-graphs and prophecies. */
export type CandidateLinks = {
  readonly scenes?: readonly string[];
  readonly entities?: readonly string[];
  readonly locations?: readonly string[];
  readonly themes?: readonly string[];
  readonly subGraphs?: readonly string[];
  /** Bridge object ids. */
  readonly objects?: readonly string[];
  readonly prophecies?: readonly string[];
};

export type ContextCandidate = {
  readonly id: string;
  readonly source: CandidateSource;
  readonly text: string;
  readonly tokens: number;
  /** The generating source's initial relevance, in [0, 1]. */
  readonly relevance: number;
  readonly boundary: BoundaryStatus;
  /** Turns since the underlying data was made (recency decays with a half-life of 10 turns). */
  readonly ageTurns: number;
  /** Its emotional valence (`tension`, `reflection` …), which the scene's temperature may favour or disfavour. */
  readonly valence?: string | undefined;
  /** Active revelations and entity context for what the player referred to: taken before anything else. */
  readonly mandatory?: boolean | undefined;
  readonly links: CandidateLinks;
  /** Why the source proposed it, in words (lore: which key matched), for the Context tab. */
  readonly activation?: string | undefined;
};

/** The scene's current dramatic state: approaching climax, aftermath, or neither. */
export type SceneTemperature = 'high' | 'neutral' | 'low';
