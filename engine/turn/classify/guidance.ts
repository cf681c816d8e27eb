import type { Directive } from '../../events/index.ts';
import type { StoryPack } from '../../pack/index.ts';
import type { Violation } from './world-step.ts';

/** What classification asks of the Narrator: render a refusal, and honour the directives triggers issued. */
export interface NarratorGuidance {
  /** Empty unless the world refused the intention: then render the attempt failing, change nothing. */
  readonly constraint: string;
  /** One line per mandated shift or echo, for the Narrator to weave in. */
  readonly directions: string;
  /** Tier 3: what the Storykeeper retrieved for this turn (structured narrative facts, one per line). */
  readonly retrieved: string;
  /** The input tier: what the persona's intention was classified as, in names (`show the brass badge; …`). */
  readonly understood: string;
  /**
   * At a scene opening only: the Chronicler's writer_guidance (manifesting_now mandatory) and the characters who set
   * out to seek the protagonist, by urgency (npc-simulation.md's Writer is the Narrator at a scene opening).
   */
  readonly opening?: string;
  /** At a scene opening only: the characters' tiers and how the Narrator may ask to change them (importance_flags). */
  readonly importance?: string;
  /** On the call that writes the turn's last prose only: how to offer the player's suggested next actions. */
  readonly choices?: string;
}

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
