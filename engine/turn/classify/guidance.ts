import type { Directive } from '../../events/index.ts';
import type { StoryPack } from '../../pack/index.ts';
import type { NarratorGuidance } from '../../prompts/index.ts';
import type { Violation } from './world-step.ts';

// The prompt context owns the shape: the Narrator's template reads it as `guidance`.
export type { NarratorGuidance };

export const NO_GUIDANCE: NarratorGuidance = { constraint: '', directions: '', retrieved: '', understood: '' };

export function narratorGuidance(
  pack: StoryPack,
  violation: Violation | null,
  directives: readonly Directive[],
): Omit<NarratorGuidance, 'retrieved' | 'understood'> {
  const name = (id: string) => pack.characters.find((character) => character.id === id)?.name ?? id;
  const lines = directives.map((directive) =>
    directive.kind === 'mandate'
      ? `The story requires it now: ${directive.mandate}`
      : `An old pattern stirs in ${name(directive.character)} (${directive.echo.replace(/_/gu, ' ')}): let it show.`,
  );
  return { constraint: violation?.reason ?? '', directions: [...new Set(lines)].join('\n') };
}
