/**
 * One knowledge graph of a save as the debug drawer and `storyloom inspect <save> kg` show it (npc-simulation.md): the
 * World KG, the persona's, or one character's, as of a turn, every entry with where it came from.
 */
export type KnowledgeGraphKind = 'world' | 'persona' | 'character';

export interface KnowledgeEntryView {
  readonly seq: number;
  readonly kind: string;
  readonly text: string;
  /** In-world time ("1768-09-29 22:10"). */
  readonly time: string;
  readonly place: string | null;
  readonly entities: readonly string[];
  readonly salience: number;
  readonly tags: readonly string[];
  /** The stage that wrote it (pack, lore-extractor, character-reflection, social-ripple, simulation, …). */
  readonly source: string;
  /** Where in its log: the turn, the scene, the stage call; null when there is none. */
  readonly ref: string | null;
}

export interface KnowledgeGraphView {
  /** The turn whose npc_state is shown (0 before the first). */
  readonly turn: number;
  readonly graph: KnowledgeGraphKind;
  /** The persona's or the character's id; null for the World KG. */
  readonly owner: string | null;
  /** Oldest first. */
  readonly entries: readonly KnowledgeEntryView[];
  /** How many entries every graph of the save holds at that turn, for finding the others. */
  readonly sizes: {
    readonly world: number;
    readonly persona: number;
    readonly characters: { readonly [characterId: string]: number };
  };
}
