import type { PromptContext } from './context.ts';

/**
 * Tier 3's lines as the prompt lists them: those the standing tier holds (NarratorGuidance.standing) first, in its
 * order, then the rest by rank. Only the order changes, and only in the rendered text: the Storykeeper chose the lines
 * from the input, and a prompt made to fit drops its lowest-ranked lines first whatever their place.
 */
export function standingFirst(lines: readonly string[], standing: readonly string[]): string[] {
  const retrieved = new Set(lines);
  const kept = new Set(standing.filter((line) => retrieved.has(line)));
  return [...kept, ...lines.filter((line) => !kept.has(line))];
}

/**
 * The prompt context with its Tier 3 in the order the prompt lists it (see standingFirst): whole as `retrieved`, and
 * split as `held` (the lines the standing tier holds) and `recalled` (the rest).
 */
export function withStandingFirst(context: PromptContext): PromptContext {
  const { guidance } = context;
  const standing = guidance.standing ?? [];
  const ordered = standingFirst(
    guidance.retrieved.split('\n').filter((line) => line !== ''),
    standing,
  );
  const held = new Set(standing);
  const lines = (keep: boolean) => ordered.filter((line) => held.has(line) === keep).join('\n');
  return {
    ...context,
    guidance: { ...guidance, retrieved: ordered.join('\n'), held: lines(true), recalled: lines(false) },
  };
}
