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
  relationship_updates: z.array(z.strictObject({ character: line, change: line })).default([]),
  character_events: z.array(z.strictObject({ character: line, event: line, my_read: optionalLine })).default([]),
  pending_mc_interaction: pendingSchema.nullable().default(null),
  world_events_emitted: z.array(worldEventSchema).default([]),
  /** Where the character is when the period ends (a location id), or null when it has not moved. */
  ends_at: z.string().nullable().default(null),
};

export const standaloneSimulationSchema = z.strictObject(livedPeriodShape);
export type LivedPeriod = z.output<typeof standaloneSimulationSchema>;

/** The SimulationModerator's reply: the cohort's shared timeline and each member's own account. */
export const cohortSimulationSchema = z.strictObject({
  timeline: z.array(line).default([]),
  members: z.array(z.strictObject({ character: line, ...livedPeriodShape })).min(2),
});
export type CohortReply = z.output<typeof cohortSimulationSchema>;

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
});
export type ChroniclerReply = z.output<typeof chroniclerSchema>;
