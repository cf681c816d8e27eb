/**
 * An IntentCheck answer (npc-simulation.md, "IntentCheck Output"). The check is an LLM call made elsewhere; the
 * planner takes its answers as input. Only the ids matter to the rules; intent, urgency and the rest ride along.
 */
export type IntentCheckAnswer = {
  readonly character: string;
  readonly seeking: readonly { readonly character: string }[];
  readonly avoiding: readonly { readonly character: string }[];
  readonly selfFocused: string | null;
};

export type Stance = 'seeking' | 'avoiding' | 'self-focused';

/** Naming someone under both seeking and avoiding still means wanting an encounter on one's own terms: seeking. */
export function stanceToward(answer: IntentCheckAnswer, other: string): Stance {
  if (answer.seeking.some((item) => item.character === other)) return 'seeking';
  if (answer.avoiding.some((item) => item.character === other)) return 'avoiding';
  return 'self-focused';
}

export type PairResolution = { readonly cohort: boolean; readonly mutual: boolean; readonly why: string };

/**
 * The spec's resolution table, generalised: a pair is a cohort exactly when at least one of them seeks the other
 * (mutual; one finds the other; evasion is interaction). Neither seeking — both self-focused, both avoiding, or one
 * of each (a case the table leaves out) — leaves both standalone.
 */
export function resolvePair(a: IntentCheckAnswer, b: IntentCheckAnswer): PairResolution {
  const fromA = stanceToward(a, b.character);
  const fromB = stanceToward(b, a.character);
  if (fromA === 'seeking' && fromB === 'seeking') return { cohort: true, mutual: true, why: 'mutual seekers' };
  if (fromA === 'seeking' || fromB === 'seeking') {
    const [seeker, other, stance] = fromA === 'seeking' ? [a, b, fromB] : [b, a, fromA];
    const why =
      stance === 'avoiding'
        ? `${seeker.character} seeks ${other.character}, who avoids them: evasion is interaction`
        : `${seeker.character} seeks ${other.character} and finds them`;
    return { cohort: true, mutual: false, why };
  }
  return { cohort: false, mutual: false, why: `neither seeks the other (${fromA} / ${fromB})` };
}

/** Whether the two answers (when both exist) name each other as sought. */
export function seekEachOther(a: IntentCheckAnswer | undefined, b: IntentCheckAnswer | undefined): boolean {
  return a !== undefined && b !== undefined && resolvePair(a, b).mutual;
}
