import { z } from 'zod';
import type { CharacterTier } from './tier.ts';

const text = z.string().trim().min(1);

/**
 * A background character's minimal profile (npc-simulation.md, "Partial Profile"): enough for the Narrator to keep
 * a voice consistent. A schema, because the PartialProfileCrafter's structured output will be validated against it.
 */
export const partialProfileSchema = z.strictObject({
  identity: text.describe('One sentence: who they are.'),
  appearance: text.describe('Two or three sentences.'),
  personality: text.describe('Observable patterns.'),
  behavior: z.strictObject({
    default: text.describe('How they usually act.'),
    stressed: text.describe('How they act under pressure.'),
    tell: text.describe('The small habit that gives them away.'),
  }),
  voice: z.strictObject({
    style: text,
    distinctive: text.describe('What makes this voice recognisable.'),
    examples: z.array(text).min(1).describe('Example lines.'),
  }),
  knowledge: z.strictObject({
    knows: z.array(text),
    doesNotKnow: z.array(text),
    wouldNotice: z.array(text),
  }),
});

export type PartialProfile = z.output<typeof partialProfileSchema>;

/** A background figure seen this many times is recurring: improvising it afresh would drift its voice. */
export const RECURRING_APPEARANCES = 2;

export type PartialProfileQuestion = {
  /** null: not on the roster yet, a new background figure. */
  readonly tier: CharacterTier | null;
  readonly hasPartialProfile: boolean;
  /** The Narrator's creation_requests asked for this character. */
  readonly creationRequested: boolean;
  /** Scenes it has appeared in so far, the coming one included. */
  readonly appearances: number;
};

export type PartialProfileDecision = { readonly needed: boolean; readonly reason: string };

/**
 * Whether to run the PartialProfileCrafter. A first, unrequested appearance needs none: the Narrator improvises with
 * GEARS. A profile is made when the Narrator asks for one, or when the figure recurs and so needs consistency.
 */
export function needsPartialProfile(question: PartialProfileQuestion): PartialProfileDecision {
  if (question.tier === 'arc_important' || question.tier === 'significant') {
    return { needed: false, reason: `${question.tier} characters have a full profile` };
  }
  if (question.hasPartialProfile) return { needed: false, reason: 'it already has a partial profile' };
  if (question.creationRequested) return { needed: true, reason: 'the Narrator asked for it' };
  if (question.appearances >= RECURRING_APPEARANCES) {
    return { needed: true, reason: `recurring (${question.appearances} appearances): its voice must stay consistent` };
  }
  return { needed: false, reason: 'a first appearance: the Narrator improvises it' };
}

/** A partial profile as one paragraph for a prompt: the look, the manner and the voice; what it knows stays out. */
export function describePartialProfile(profile: PartialProfile): string {
  const examples = profile.voice.examples.map((line) => `"${line}"`).join(' ');
  return [
    profile.identity,
    profile.appearance,
    profile.personality,
    `Usually ${profile.behavior.default}; under pressure ${profile.behavior.stressed}; tell: ${profile.behavior.tell}.`,
    `Voice: ${profile.voice.style}, ${profile.voice.distinctive}. ${examples}`,
  ].join(' ');
}
