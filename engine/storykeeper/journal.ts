/**
 * The Tier 2 journal: what has happened in this scene, at a resolution that falls with age (narrator context tier 2,
 * ~800–1200 tokens). Entries come oldest first; the extractors may leave shorter renderings on them.
 */
export type JournalEntry = {
  readonly id: string;
  readonly turn: number;
  readonly text: string;
  /** A sentence or two; derived from `text` (its first sentence) when absent. */
  readonly summary?: string | undefined;
  /** A few words (who did what); derived from the summary when absent. */
  readonly skeleton?: string | undefined;
  /** How much the entry matters to the story, in [0, 1]. */
  readonly narrativeWeight: number;
  /** Emotional markers on the entry (`grief`, `betrayal` …): felt moments resist compression. */
  readonly emotionalMarkers: readonly string[];
  /** Names a repeated pattern (`paces the corridor`): compressed repeats collapse into one note. */
  readonly pattern?: string | undefined;
};

export type CompressionLevel = 'full' | 'summary' | 'skeleton';

export type JournalLine = {
  /** The entries behind the line: several for a collapsed pattern. */
  readonly ids: readonly string[];
  readonly fromTurn: number;
  readonly toTurn: number;
  readonly level: CompressionLevel | 'collapsed';
  readonly text: string;
};

export type JournalCompression = {
  /** The newest this many entries stay in full. */
  readonly full: number;
  /** The next this many are summarised; older ones are reduced to a skeleton. */
  readonly summarised: number;
  /** From this narrative weight on, an entry keeps one level more detail (as does one with emotional markers). */
  readonly heavyWeight: number;
  /** How many words a derived skeleton keeps. */
  readonly skeletonWords: number;
};

export const DEFAULT_JOURNAL_COMPRESSION: JournalCompression = {
  full: 4,
  summarised: 8,
  heavyWeight: 0.7,
  skeletonWords: 8,
};
