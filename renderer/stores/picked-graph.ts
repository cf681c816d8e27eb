import type { ChronicleView } from '../engine.ts';

/** The World KG's id among the graphs the Characters panel can show; the others are character ids. */
export const WORLD_GRAPH = 'world';

/** The graph the Characters panel shows: the one picked, else the first character's, else the World KG's. */
export function pickedGraph(picked: string | null, view: ChronicleView): string {
  return picked ?? view.characters[0]?.id ?? WORLD_GRAPH;
}

/** Where a graph read as of a turn is kept: one entry per turn id and graph. */
export const knowledgeKey = (turnId: number, graph: string): string => `${turnId}:${graph}`;
