import type { ContextCandidate, NarrativeGraph } from '../../../engine/storykeeper/index.ts';
import { ENTITIES, rng, THEMES } from './synthetic-story.ts';

/** A candidate pool of `count` items from all six sources, linked to the story's scenes, themes and tales. */
export function syntheticCandidates(graph: NarrativeGraph, count: number, seed = 13): ContextCandidate[] {
  const random = rng(seed);
  const int = (below: number) => Math.floor(random() * below);
  const sources = ['entity', 'emotional', 'gravitational', 'sub_graph', 'revelation', 'echo'] as const;
  const boundaries = ['known', 'known', 'known', 'suspected', 'withheld', 'hard_boundary'] as const;
  return Array.from({ length: count }, (_, i) => ({
    id: `candidate${i}`,
    source: sources[i % sources.length] ?? 'echo',
    text: `candidate ${i}`,
    tokens: 20 + int(130),
    relevance: 0.3 + random() * 0.7,
    boundary: boundaries[int(boundaries.length)] ?? 'known',
    ageTurns: int(30),
    valence: ['tension', 'calm', 'reflection', 'stakes'][int(4)],
    mandatory: i < 3,
    links: {
      scenes: [`scene${int(graph.scenes.length)}`],
      entities: [`npc${int(ENTITIES)}`, `npc${int(ENTITIES)}`],
      themes: [THEMES[int(THEMES.length)] ?? 'fire'],
      objects: random() < 0.2 ? [`bridge${int(5)}`] : [],
      prophecies: random() < 0.1 ? [`prophecy${int(graph.prophecies.length)}`] : [],
    },
  }));
}
