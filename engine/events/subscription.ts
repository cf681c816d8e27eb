import { z } from 'zod';
import { judgmentForProposition } from './judgment-of-proposition.ts';
import { boundedPredicateSchema } from './predicate.ts';
import { normalizeKey } from './proposition.ts';

/** event-system.md, Priority Tiers: immediate (this turn), scene-local (within the scene), deferred (scene boundary). */
export const priorityTierSchema = z.enum(['immediate', 'scene_local', 'deferred']);
export type PriorityTier = z.infer<typeof priorityTierSchema>;

/** Why a deferred-class effect is pulled forward to scene-local (the Storykeeper's "too important to wait"). */
export const promotionReasonSchema = z.enum([
  'NarrativeGraphAltering',
  'SafetyCritical',
  'CastChanging',
  'IrreversibleConsequence',
]);
export type PromotionReason = z.infer<typeof promotionReasonSchema>;

export const DEFAULT_REFRACTORY_TURNS = 1;

export const lifecycleSchema = z.discriminatedUnion('kind', [
  /** Fires once and is removed: it cannot loop. */
  z.strictObject({ kind: z.literal('OneShot') }),
  /** Fires again only after `refractoryTurns` turns (0 = again next cascade step; cycle detection still applies). */
  z.strictObject({
    kind: z.literal('Ongoing'),
    refractoryTurns: z.number().int().min(0).default(DEFAULT_REFRACTORY_TURNS),
  }),
  /** Fires on each change while active and is removed once `until` holds. */
  z.strictObject({ kind: z.literal('UntilCondition'), until: boundedPredicateSchema }),
]);

const valueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const tierField = { tier: priorityTierSchema.optional() };

/** The effects a pack's trigger can have (issue 5 §3). Each may name its own tier; otherwise the subscription's. */
export const effectSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('RevealFact'),
    gate: z.string().min(1),
    recipient: z.string().min(1),
    ...tierField,
  }),
  z.strictObject({
    kind: z.literal('ShiftRelationship'),
    from: z.string().min(1),
    to: z.string().min(1),
    dimension: z.string().min(1),
    delta: z.number(),
    ...tierField,
  }),
  z.strictObject({ kind: z.literal('SetWorldState'), key: z.string().min(1), value: valueSchema, ...tierField }),
  z.strictObject({ kind: z.literal('MandateNarrativeShift'), mandate: z.string().min(1), ...tierField }),
  z.strictObject({ kind: z.literal('FireEcho'), echo: z.string().min(1), character: z.string().min(1), ...tierField }),
]);
export type Effect = z.infer<typeof effectSchema>;

/**
 * What Stage 3 listens for on a subscriber's behalf (event-system.md, The Sensitivity Map): words in the player's input
 * that, with the character they are about present, make the interpretive `proposition` provisionally true.
 */
export const sensitivitySchema = z
  .strictObject({
    /** The interpretive atom a match asserts, e.g. TrustEroding(player,ambrose-hale). */
    proposition: z
      .string()
      .regex(/^[^()]+\(.*\)$/u, 'a proposition is written Name(arg,…)')
      .transform(normalizeKey)
      .refine((key) => judgmentForProposition(key, 0) !== null, {
        error:
          'not an interpretive proposition (TrustEroding, TrustGrowing, AffectionGrowing, AffectionWaning, EmotionExpressed, VulnerabilityExpressed, DeceptionDetected, ThematicResonance, EchoResonance, IntentInferred, ToneDetected, PowerDynamicShift)',
      }),
    /** Words that match when said plainly ("liar"); a negated one ("not a liar") does not match. */
    keywords: z.array(z.string().min(1)).default([]),
    /** Words that match only when negated ("I don't trust you"). */
    negated: z.array(z.string().min(1)).default([]),
    /** The baseline confidence of a match (an intensifier such as "never" or "really" adds 0.1). */
    confidence: z.number().min(0).max(1).default(0.7),
    /** The size of the shift a match records (trust and affection accumulators, intensities). */
    magnitude: z.number().min(0).max(1).default(0.15),
  })
  .refine((entry) => entry.keywords.length + entry.negated.length > 0, {
    error: 'give at least one word in keywords or negated',
  });
export type Sensitivity = z.infer<typeof sensitivitySchema>;

export const subscriptionSchema = z.strictObject({
  id: z.string().min(1),
  /** The agent or pack element that owns it, e.g. `wolf.echo_trust_betrayal`. */
  subscriber: z.string().min(1),
  predicate: boundedPredicateSchema,
  tier: priorityTierSchema.default('scene_local'),
  promotion: promotionReasonSchema.nullable().default(null),
  lifecycle: lifecycleSchema.default({ kind: 'Ongoing', refractoryTurns: DEFAULT_REFRACTORY_TURNS }),
  effects: z.array(effectSchema).default([]),
  sensitivity: z.array(sensitivitySchema).default([]),
});
/** A validated subscription (defaults filled in). */
export type Subscription = z.infer<typeof subscriptionSchema>;
/** What a pack's trigger file holds. */
export const triggerFileSchema = z.strictObject({ subscriptions: z.array(subscriptionSchema) });

const TIER_RANK: Record<PriorityTier, number> = { immediate: 0, scene_local: 1, deferred: 2 };

/** A deferred tier with a promotion reason is processed as scene-local. */
export function effectiveTier(tier: PriorityTier, promotion: PromotionReason | null): PriorityTier {
  return tier === 'deferred' && promotion !== null ? 'scene_local' : tier;
}

/** An effect runs at its own tier if it names one (an echo's mandate is immediate), else at its subscription's. */
export function effectTier(effect: Effect, subscription: Subscription): PriorityTier {
  return effectiveTier(effect.tier ?? subscription.tier, subscription.promotion);
}

export function tierRank(tier: PriorityTier): number {
  return TIER_RANK[tier];
}
