import { z } from 'zod';
import {
  INFERENCE_SALIENCE_CAP,
  MAX_SALIENCE,
  MIN_SALIENCE,
  storyStateSchema,
  URGENCIES,
  writerGuidanceSchema,
} from '../../npc/index.ts';

/** The LLM replies of off-screen simulation (npc-simulation.md, "Processing Types"), validated before anything is kept. */

const line = z.string().trim().min(1);
const optionalLine = z.string().default('');

/** IntentCheck: would you seek out, or avoid, these characters during the coming period? */
export const intentCheckSchema = z.strictObject({
  seeking: z
    .array(
      z.strictObject({
        character: line,
        intent: optionalLine,
        urgency: z.enum(URGENCIES).default('medium'),
        timing: optionalLine,
        if_unavailable: optionalLine,
      }),
    )
    .default([]),
  avoiding: z
    .array(z.strictObject({ character: line, reason: optionalLine, if_encountered: optionalLine }))
    .default([]),
  self_focused: optionalLine,
});
export type IntentCheckReply = z.output<typeof intentCheckSchema>;

const memorySchema = (maxSalience: number) =>
  z.strictObject({
    text: line,
    salience: z.number().int().min(MIN_SALIENCE).max(maxSalience),
    entities: z.array(z.string()).default([]),
    tags: z.array(z.string()).default([]),
  });

const sceneSchema = z.strictObject({ when: optionalLine, where: optionalLine, narrative: line });

const worldEventSchema = z.strictObject({
  where: z.string().nullable().default(null),
  event: line,
  entities: z.array(z.string()).default([]),
});

const pendingSchema = z.strictObject({
  urgency: z.enum(URGENCIES),
  what: line,
  approach: optionalLine,
  driver: optionalLine,
  emotional_state: optionalLine,
  what_i_want: optionalLine,
  what_i_know: optionalLine,
});

/** What one character lived through in the period, alone or as a member of a cohort. */
const livedPeriodShape = {
  scenes: z.array(sceneSchema).min(1).max(4),
  memories: z.array(memorySchema(MAX_SALIENCE)).max(6).default([]),
  emotional_state: optionalLine,
  goal_progress: optionalLine,
  relationship_updates: z
    .array(
      z.strictObject({
        character: line,
        change: line,
        // How far the character's own standing moved on one dimension (trust, affection, fear …); 0: not at all.
        dimension: z.string().max(40).default(''),
        shift: z.number().min(-1).max(1).default(0),
      }),
    )
    .default([]),
  character_events: z.array(z.strictObject({ character: line, event: line, my_read: optionalLine })).default([]),
  pending_mc_interaction: pendingSchema.nullable().default(null),
  world_events_emitted: z.array(worldEventSchema).default([]),
  /** Where the character is when the period ends (a location id), or null when it has not moved. */
  ends_at: z.string().nullable().default(null),
};

export const standaloneSimulationSchema = z.strictObject(livedPeriodShape);
export type LivedPeriod = z.output<typeof standaloneSimulationSchema>;

/**
 * A cohort member's turn in one round: what it says and does in front of the others (public: the moderator passes it
 * on), and what it thinks and means to do next (private: only its own later calls read them).
 */
export const cohortMemberTurnSchema = z.strictObject({
  says: optionalLine,
  does: optionalLine,
  thinks: optionalLine,
  intends: optionalLine,
  /** It leaves the encounter (or never joins it): it takes no further turns. */
  leaves: z.boolean().default(false),
});
export type CohortMemberTurn = z.output<typeof cohortMemberTurnSchema>;

/**
 * The SimulationModerator between rounds, from public facts only: whether the encounter goes on, and how. The timeline
 * it keeps is the encounter's public lines themselves, so it writes only the moments it sets.
 */
export const cohortModeratorSchema = z.strictObject({
  /** The next moment the members face (when, where, what happens around them), public; empty when done. */
  next: optionalLine,
  done: z.boolean().default(false),
});
export type CohortModeratorReply = z.output<typeof cohortModeratorSchema>;

/** OffscreenInference: brief, and never a high-salience memory. */
export const offscreenInferenceSchema = z.strictObject({
  scenes: z.array(sceneSchema).min(1).max(2),
  memories: z.array(memorySchema(INFERENCE_SALIENCE_CAP)).max(4).default([]),
  current_situation: z.strictObject({
    location: z.string().nullable().default(null),
    activity: optionalLine,
    readiness: optionalLine,
  }),
  emotional_state: optionalLine,
});
export type InferenceReply = z.output<typeof offscreenInferenceSchema>;

/** The Chronicler's reply: the story's fabric, advice for the next opening, and what the world now knows. */
export const chroniclerSchema = z.strictObject({
  story_state: storyStateSchema,
  writer_guidance: writerGuidanceSchema,
  world_events: z.array(worldEventSchema).default([]),
  /** The weather as the next scene opens, when the world's forces changed it; empty leaves it as it was. */
  weather: z.string().default(''),
  /**
   * Momentum items that need substance before the story can use them (who leads the riders, what the trap is): the
   * Lore stage answers the first MAX_LORE_REQUESTS of them at the same boundary. More are not an error, only unread.
   */
  lore_requests: z.array(z.strictObject({ subject: line, question: line, why: optionalLine })).default([]),
});
export type ChroniclerReply = z.output<typeof chroniclerSchema>;
export type LoreRequest = ChroniclerReply['lore_requests'][number];

/** At most this many lore requests are answered per boundary, in one call: the Lore stage sits on the next turn's path. */
export const MAX_LORE_REQUESTS = 3;

/**
 * The LoreCrafter's reply: per request (by its number), the lore the world now holds, or an empty content when the
 * question should stay open. Short by design: a key and one or two sentences each.
 */
export const loreCrafterSchema = z.strictObject({
  answers: z
    .array(
      z.strictObject({
        request: z.number().int().min(1).max(MAX_LORE_REQUESTS),
        key: z.string().trim().max(80).default(''),
        content: z.string().trim().max(400).default(''),
      }),
    )
    .max(MAX_LORE_REQUESTS)
    .default([]),
});
export type LoreCrafterReply = z.output<typeof loreCrafterSchema>;
