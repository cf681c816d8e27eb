import type { ChronicleView } from '../engine.ts';

/** The World KG's id among the graphs the Characters panel can show; the others are character ids. */
export const WORLD_GRAPH = 'world';

/**
 * The graph the Characters panel shows: the one picked, if this view has it (a pick made in another save or before a
 * character left the story does not), else the first character's, else the World KG's.
 */
export function pickedGraph(picked: string | null, view: ChronicleView): string {
  const known = picked === WORLD_GRAPH || view.characters.some((character) => character.id === picked);
  if (picked !== null && known) return picked;
  return view.characters[0]?.id ?? WORLD_GRAPH;
}

/** Where a graph read as of a turn is kept: one entry per turn id and graph. */
export const knowledgeKey = (turnId: number, graph: string): string => `${turnId}:${graph}`;
