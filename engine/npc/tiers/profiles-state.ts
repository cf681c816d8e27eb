import { z } from 'zod';
import { partialProfileSchema } from './partial-profile.ts';

/**
 * The `profiles` part of the npc_state checkpoint: how many scenes each figure has appeared in, and the partial
 * profiles the PartialProfileCrafter wrote for the background figures who recur.
 */
export const profilesStateSchema = z.object({
  version: z.literal(1),
  appearances: z.record(z.string(), z.number().int().min(0)).default({}),
  partial: z.record(z.string(), partialProfileSchema).default({}),
});
export type ProfilesState = z.output<typeof profilesStateSchema>;

export const EMPTY_PROFILES_STATE: ProfilesState = { version: 1, appearances: {}, partial: {} };

/** A checkpointed profiles part; absent (null) before the first boundary. Unreadable data is a bug: it throws. */
export function restoreProfilesState(data: unknown): ProfilesState {
  if (data === null || data === undefined) return EMPTY_PROFILES_STATE;
  const parsed = profilesStateSchema.safeParse(data);
  if (!parsed.success) throw new Error(`the profiles are unreadable: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** One more appearance for each of these figures (the cast of a scene that just ended). */
export function countAppearances(state: ProfilesState, present: readonly string[]): ProfilesState {
  const appearances = { ...state.appearances };
  for (const id of new Set(present)) appearances[id] = (appearances[id] ?? 0) + 1;
  return { ...state, appearances };
}
