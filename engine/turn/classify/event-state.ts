import { z } from 'zod';
import type { DeferredEvent, Directive } from '../../events/index.ts';
import { checkWorldState, logEntrySchema, worldStateSchema } from '../../world/index.ts';

/**
 * The event system's part of the play state, saved with every turn: the world (for packs with a `world/` folder),
 * who was present last turn (arrivals and departures are the difference), the triggers' refractory and removal state,
 * Tier 3 work waiting for the scene boundary, and directives that land on the next Narrator call. The truth set itself
 * is not here: it is rebuilt from its scene-entry checkpoint and the ledger.
 */
const directiveSchema = z.custom<Directive>(
  (value) => typeof value === 'object' && value !== null && 'kind' in value && 'subscriptionId' in value,
  { error: 'a directive' },
);
const deferredSchema = z.custom<DeferredEvent>(
  (value) => typeof value === 'object' && value !== null && 'outcome' in value && 'reason' in value,
  { error: 'a deferred event' },
);

/** A saved world is judged by the same check as a pack's: a save that holds an impossible world does not load. */
const soundWorldSchema = worldStateSchema.nullable().superRefine((state, context) => {
  for (const problem of state === null ? [] : checkWorldState(state))
    context.addIssue({ code: 'custom', message: problem });
});

export const eventStateSchema = z.strictObject({
  world: soundWorldSchema,
  /**
   * The world changes the scene boundary made after the turn that closed the scene (places, the time the next scene
   * opens at, the weather), logged as the world logs a turn's (ids `w<turn>b.<seq>`). The next turn's own log starts
   * from the world they left; a command turn may carry them on unchanged (their turn says whose they are).
   */
  boundaryLog: z.array(logEntrySchema).optional(),
  /** What InScene names: the narrative graph's scene set here, or the location itself. */
  sceneId: z.string(),
  /** Where the persona was when the scene was entered: a new place is a new scene. */
  location: z.string().optional(),
  present: z.array(z.string()),
  fired: z.array(z.tuple([z.string(), z.number().int()])),
  removed: z.array(z.string()),
  deferred: z.array(deferredSchema),
  directives: z.array(directiveSchema),
  /** The ledger sequence the next entry takes. */
  nextSeq: z.number().int().min(1),
  /**
   * When the Storykeeper last weighed the landscape (scene entry, or a gate opening): the turn, the place and the
   * truth set's last ledger seq then. A new session or a fork weighs it again from exactly that (issue 24); null or
   * absent: weigh it afresh at the next turn.
   */
  landscape: z
    .strictObject({ turn: z.number().int().min(0), location: z.string(), lastSeq: z.number().int().min(0) })
    .nullable()
    .optional(),
  /**
   * Gates whose facts a Stage 4 answer revealed to the protagonist after its turn's Narrator calls (reconciled in the
   * after-turn step): the next turn's Narrator hears them as mandatory, then they are dropped.
   */
  unnarrated: z.array(z.string()).optional(),
});

export type EventState = z.infer<typeof eventStateSchema>;
