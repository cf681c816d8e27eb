import type { Budgeted } from '../../../engine/storykeeper/index.ts';

/**
 * Vretil, chapter 16 (gravitational-context-assembly.md, Appendix): the seven candidates that reach the budget, with
 * the factors of their composite score (relevance × modifier × boundary × recency × temperature) and their tokens.
 */
export const CHAPTER_16 = [
  { id: 'sarah_relational', relevance: 1.0, modifier: 1.0, recency: 1, tokens: 150, score: 1.0 },
  { id: 'cave_gravitational', relevance: 0.7, modifier: 1.63, recency: 1, tokens: 120, score: 1.141 },
  { id: 'datura_bridge', relevance: 0.7, modifier: 1.16, recency: 0.95, tokens: 80, score: 0.7714 },
  { id: 'fire_dream_prophetic', relevance: 0.5, modifier: 1.1, recency: 0.8, tokens: 70, score: 0.44 },
  { id: 'chris_emotional', relevance: 0.8, modifier: 1.0, recency: 1, tokens: 80, score: 0.8 },
  { id: 'photographs_echo', relevance: 0.6, modifier: 1.3, recency: 0.7, tokens: 60, score: 0.546 },
  { id: 'prophet_weight', relevance: 0.9, modifier: 1.0, recency: 0.6, tokens: 40, score: 0.54 },
] as const;

export function chapter16Items(overrides: Partial<Record<string, Partial<Budgeted>>> = {}): Budgeted[] {
  return CHAPTER_16.map(({ id, tokens, score }) => ({ id, tokens, score, ...overrides[id] }));
}
