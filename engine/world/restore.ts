import { z } from 'zod';
import type { World } from './change-log.ts';
import { checkWorldState } from './check-world.ts';
import { logEntrySchema, logPositionSchema } from './input-schema.ts';
import { worldStateSchema } from './state-schema.ts';

const worldSchema = z.strictObject({ state: worldStateSchema, log: z.array(logEntrySchema), at: logPositionSchema });

export type Restored =
  { readonly ok: true; readonly world: World } | { readonly ok: false; readonly problems: readonly string[] };

/**
 * Restores a checkpointed World (JSON.parse of what the turn saved): the shape is checked, then every reference, so a
 * corrupt or hand-edited save is refused with reasons instead of failing later inside an action.
 */
export function restoreWorld(data: unknown): Restored {
  const parsed = worldSchema.safeParse(data);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
  }
  const problems = checkWorldState(parsed.data.state);
  return problems.length === 0 ? { ok: true, world: parsed.data } : { ok: false, problems };
}
