import { z } from 'zod';
import { subscriptionSchema } from '../../events/index.ts';

/**
 * `triggers.yaml`: the pack's trigger subscriptions (event-system.md, The Subscriber Model). Each has a predicate over
 * the truth set, a tier, a lifecycle, effects, and optionally the words Stage 3 listens for on its behalf.
 */
export const triggersSchema = z
  .array(subscriptionSchema)
  .describe('triggers.yaml: subscriptions with predicates over the truth set, their effects and sensitivities.');
