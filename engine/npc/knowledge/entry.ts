import type { InWorldMinute } from '../in-world-time.ts';

/**
 * The graph an entry lives in, which is also its audience (ARCHITECTURE §5): the World KG is public, the persona's KG
 * is the player's, and each important character has one of its own.
 */
export type Audience =
  { readonly kind: 'world' } | { readonly kind: 'persona' } | { readonly kind: 'character'; readonly id: string };

/** Who a stage prompt is built for. `public` reads the World KG only (ContextGatherer, Chronicler, lore stages). */
export type Principal =
  { readonly kind: 'public' } | { readonly kind: 'persona' } | { readonly kind: 'character'; readonly id: string };

export const KNOWLEDGE_KINDS = ['fact', 'memory'] as const;
export type KnowledgeKind = (typeof KNOWLEDGE_KINDS)[number];

/** The stages of npc-simulation.md that write knowledge, plus the pack itself. */
export const KNOWLEDGE_SOURCES = [
  'pack',
  'lore-extractor',
  'lore-crafter',
  'location-crafter',
  'scene',
  'character-reflection',
  'social-ripple',
  'simulation',
  'offscreen-inference',
  'chronicler',
  'creation',
] as const;
export type KnowledgeSource = (typeof KNOWLEDGE_SOURCES)[number];

/** Where an entry came from: the writing stage and a reference into its log (stage call, scene, turn). */
export type Provenance = { readonly source: KnowledgeSource; readonly ref: string | null };

export const MIN_SALIENCE = 1;
export const MAX_SALIENCE = 10;
/** OffscreenInference "doesn't produce high-salience memories" (npc-simulation.md): its salience is capped here. */
export const INFERENCE_SALIENCE_CAP = 6;

export type KnowledgeEntry = {
  /** Assigned by the store, unique and increasing: a stable id and the last tie-break of every ranking. */
  readonly seq: number;
  readonly kind: KnowledgeKind;
  readonly text: string;
  readonly time: InWorldMinute;
  /** A location id, when the fact or memory is tied to one. */
  readonly place: string | null;
  /** Ids of the characters, places, objects and factions it is about; lower-case. */
  readonly entities: readonly string[];
  /** 1–10: how much it matters to its owner. */
  readonly salience: number;
  readonly tags: readonly string[];
  readonly provenance: Provenance;
};

/** What a stage hands the store; the store assigns `seq` and normalises the rest. */
export type KnowledgeDraft = {
  readonly kind: KnowledgeKind;
  readonly text: string;
  readonly time: InWorldMinute;
  readonly salience: number;
  readonly provenance: Provenance;
  readonly place?: string | null;
  readonly entities?: readonly string[];
  readonly tags?: readonly string[];
};

/**
 * An entry as a stage sees it. Provenance stays behind: which simulation emitted a world event is bookkeeping, and
 * handing it over would tell every reader who set the fire. `graph` says whether it is public or the reader's own.
 */
export type VisibleEntry = Omit<KnowledgeEntry, 'provenance'> & { readonly graph: 'world' | 'own' };
