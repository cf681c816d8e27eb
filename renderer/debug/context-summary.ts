import type { ContextCandidateView, ContextView } from '../engine.ts';
import { formatFigure } from './storykeeper-format.ts';

/** "N of M candidates, T of B tokens": how much of what was offered the Narrator was given, and of how much room. */
export function contextHeadline(view: ContextView): string {
  const selected = view.candidates.filter((candidate) => candidate.selected).length;
  const over = view.overBudget > 0 ? `, ${view.overBudget} over budget` : '';
  return `${selected} of ${view.candidates.length} candidates, ${view.tokens} of ${view.budget} tokens${over}`;
}

/** The factors whose product is a candidate's score, in the order the composite multiplies them. */
export function scoreFactors(candidate: ContextCandidateView): { readonly name: string; readonly value: string }[] {
  const { factors } = candidate;
  return [
    { name: 'relevance', value: formatFigure(factors.relevance) },
    { name: 'modifier', value: formatFigure(factors.modifier) },
    { name: 'boundary', value: `${formatFigure(factors.boundary)} (${candidate.boundary})` },
    { name: 'recency', value: formatFigure(factors.recency) },
    { name: 'temperature', value: formatFigure(factors.temperature) },
  ];
}
