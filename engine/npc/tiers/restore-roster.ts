import { z } from 'zod';
import { CHARACTER_TIERS, createTierRoster, type TierRoster } from './tier.ts';

const rosterSchema = z.strictObject({
  version: z.literal(1),
  cap: z.number().int().min(0),
  characters: z.record(
    z.string().min(1),
    z.strictObject({ tier: z.enum(CHARACTER_TIERS), lastRelevantAt: z.number().nullable() }),
  ),
});

export type RestoredRoster =
  { readonly ok: true; readonly roster: TierRoster } | { readonly ok: false; readonly problems: readonly string[] };

/** Restores a checkpointed TierRoster; a roster over its own cap is refused like a pack that declares one. */
export function restoreTierRoster(data: unknown): RestoredRoster {
  const parsed = rosterSchema.safeParse(data);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
  }
  const seeds = Object.entries(parsed.data.characters).map(([id, record]) => ({
    id,
    tier: record.tier,
    ...(record.lastRelevantAt !== null && { lastRelevantAt: record.lastRelevantAt }),
  }));
  return createTierRoster(seeds, parsed.data.cap);
}
