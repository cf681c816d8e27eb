import { z } from 'zod';
import type { OpeningDeliveries } from '../npc/index.ts';
import { SCENE_OPENINGS_CHECKPOINT } from '../store/index.ts';

// The checkpoint kinds are named with every other kind in engine/store/checkpoint-kinds.ts.
export { SCENE_OPENINGS_CHECKPOINT };

/** The one read it needs of a save (a SaveStore is one). */
export interface CheckpointReader {
  latestCheckpoint(kind: string, uptoTurn?: number): { readonly data: unknown } | null;
}

export const openingDeliveriesSchema = z.record(z.string(), z.number().int().min(0));

/**
 * How many scene openings each pending interaction had been offered at, as of a turn (the latest by default): the
 * scene_openings checkpoint at or before it, by interaction id; none when there is none or it is unreadable.
 */
export function openingDeliveries(store: CheckpointReader, turn?: number): OpeningDeliveries {
  const delivered = openingDeliveriesSchema.safeParse(
    store.latestCheckpoint(SCENE_OPENINGS_CHECKPOINT, turn)?.data ?? {},
  );
  return delivered.success ? delivered.data : {};
}
