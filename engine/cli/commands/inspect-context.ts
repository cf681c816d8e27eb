import { DROP_REASONS, type ContextCandidateView, type ContextView } from '../../api/index.ts';
import { round } from '../round.ts';

/** The words the drawer uses too, looked up by whatever reason a view names. */
const DROP_REASON: Readonly<Record<string, string>> = DROP_REASONS;

/** `inspect <save> context`: how the Storykeeper chose the Narrator's retrieved tier in a turn. */
export function formatContext(view: ContextView): string {
  const heading = `Retrieved context of turn ${view.turn}`;
  if (!view.classified) return `${heading}\n  (this turn classified no input, so nothing was retrieved)\n`;
  const selected = view.candidates.filter((candidate) => candidate.selected);
  const lines = [
    heading,
    `${selected.length} of ${view.candidates.length} candidates selected, ${view.tokens} of ${view.budget} tokens` +
      (view.overBudget > 0 ? ` (mandatory items ran ${view.overBudget} over)` : ''),
    '',
    ...view.candidates.flatMap(candidateLines),
    ...preambleLines(view),
  ];
  return `${lines.join('\n')}\n`;
}

function candidateLines(candidate: ContextCandidateView): string[] {
  const { relevance, modifier, boundary, recency, temperature } = candidate.factors;
  const verdict = candidate.selected
    ? 'selected'
    : `dropped: ${DROP_REASON[candidate.dropped ?? ''] ?? candidate.dropped ?? 'not chosen'}`;
  const mandatory = candidate.mandatory ? ', mandatory' : '';
  return [
    `  [${verdict}${mandatory}] ${candidate.id} (${candidate.source}, ${candidate.tokens} tokens)`,
    `      score ${round(candidate.score)} = relevance ${round(relevance)} × modifier ${round(modifier)} × boundary ${round(boundary)} (${candidate.boundary}) × recency ${round(recency)} × temperature ${round(temperature)}`,
    ...(candidate.activation === undefined ? [] : [`      why proposed: ${candidate.activation}`]),
    ...(candidate.text === '' ? [] : [`      ${candidate.text}`]),
  ];
}

/** Constant lore goes to the preamble, within its own budget, in insertion order. */
function preambleLines({ preamble }: ContextView): string[] {
  if (preamble === undefined || preamble.entries.length === 0) return [];
  const kept = preamble.entries.filter((entry) => entry.kept).length;
  return [
    '',
    `Constant lore in the preamble: ${kept} of ${preamble.entries.length} entries, ${preamble.tokens} of ${preamble.budget} tokens`,
    ...preamble.entries.map(
      (entry) =>
        `  [${entry.kept ? 'kept' : 'dropped: over the preamble budget'}] lore:${entry.id} (${entry.tokens} tokens)`,
    ),
  ];
}
