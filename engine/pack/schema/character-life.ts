import { z } from 'zod';
import { CHARACTER_TIERS, type CharacterTier } from '../../npc/index.ts';
import { slugSchema, textSchema } from './common.ts';

/**
 * What a character does when the player is not looking (npc-simulation.md): its tier, goals, daily routine and
 * faction. Off-screen simulation, OffscreenInference and cohort scoring read these; the turn does not.
 */
export const tierSchema = z
  .enum(CHARACTER_TIERS)
  .optional()
  .describe(
    'arc_important: lives a full off-screen simulation (at most 8 per story); significant: brief inferred memories ' +
      'before a scene it is likely in; background: nothing off-screen. Default: arc_important when baked, else significant.',
  );

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/u;
const clockSchema = z.string().regex(CLOCK_TIME, { error: 'must be a time of day such as "21:00" (quote it in YAML)' });

export const routineSlotSchema = z
  .strictObject({
    from: clockSchema.describe('When the slot starts, in-world time of day ("22:00").'),
    to: clockSchema.describe('When it ends ("00:30"); earlier than `from` runs past midnight, equal is all day.'),
    location: slugSchema.describe('The id of the location (locations.yaml) the character is in.'),
    activity: textSchema.optional().describe('What it does there, e.g. "walks the quay to be seen".'),
  })
  .describe('One recurring stretch of a character’s day.');

export const goalSchema = z
  .union([
    textSchema,
    z.strictObject({
      goal: textSchema.describe('What the character wants, in a sentence.'),
      involves: z
        .array(slugSchema)
        .default([])
        .describe('Ids of the characters this goal seeks out or works against ("player" for the persona).'),
    }),
  ])
  .describe('A goal: a sentence, or {goal, involves} naming the characters it concerns.');

export type PackRoutineSlot = z.output<typeof routineSlotSchema>;
export type PackGoal = z.output<typeof goalSchema>;

/** The text of a goal, whichever form it was written in. */
export function goalText(goal: PackGoal): string {
  return typeof goal === 'string' ? goal : goal.goal;
}

/** Characters a goal names explicitly. */
export function goalInvolves(goal: PackGoal): readonly string[] {
  return typeof goal === 'string' ? [] : goal.involves;
}

/** "21:30" as minutes after midnight. */
export function clockMinutes(clock: string): number {
  const [hours = '0', minutes = '0'] = clock.split(':');
  return Number(hours) * 60 + Number(minutes);
}

export const MOMENTUM_TIMELINES = ['hours', 'days', 'weeks', 'ongoing'] as const;

export const worldMomentumSchema = z
  .strictObject({
    id: slugSchema.describe('An id for this force, unique in the story.'),
    name: textSchema.describe('What the force is called, e.g. "The Board’s reckoning".'),
    direction: textSchema.describe('Where it is heading if nobody intervenes.'),
    pace: z
      .enum(MOMENTUM_TIMELINES)
      .default('days')
      .describe('How fast it moves: hours (every 6+ in-world hours), days, weeks, or ongoing (continuously).'),
    status: textSchema.optional().describe('Where it stands when the story opens.'),
    involves: z
      .array(slugSchema)
      .default([])
      .describe('Ids of the characters and locations it touches (checked against the pack).'),
  })
  .describe('A force that moves the world whatever the player does; the Chronicler advances it with in-world time.');

export type PackWorldMomentum = z.output<typeof worldMomentumSchema>;

/** A character's tier as the pack sets it; unset, a baked character drives the story and a full profile recurs. */
export function packTierOf(character: {
  readonly tier?: CharacterTier | undefined;
  readonly baked: boolean;
}): CharacterTier {
  return character.tier ?? (character.baked ? 'arc_important' : 'significant');
}
