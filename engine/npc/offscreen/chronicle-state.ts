import { z } from 'zod';

const line = z.string().min(1);
const lines = z.array(line).default([]);

export const MOMENTUM_TRAJECTORIES = ['accelerating', 'steady', 'slowing', 'stalled', 'resolved'] as const;

export const storyStateSchema = z.object({
  dramatic_questions: z
    .array(
      z.object({
        question: line,
        tension_level: z.enum(['low', 'medium', 'high']).default('medium'),
        resolution_proximity: z.string().default(''),
      }),
    )
    .default([]),
  promises: z.array(z.object({ setup: line, payoff_readiness: z.string().default('') })).default([]),
  active_threads: z
    .array(z.object({ name: line, status: z.string().default(''), momentum: z.string().default('') }))
    .default([]),
  stakes: z
    .array(z.object({ what: line, condition: z.string().default(''), deadline: z.string().nullable().default(null) }))
    .default([]),
  windows: z
    .array(z.object({ opportunity: line, closes: z.string().default(''), if_missed: z.string().default('') }))
    .default([]),
  world_momentum: z
    .array(
      z.object({
        name: line,
        status: line,
        trajectory: z.enum(MOMENTUM_TRAJECTORIES).default('steady'),
        last_event: z.string().default(''),
        mc_awareness: z.string().default(''),
      }),
    )
    .default([]),
});
export type StoryState = z.output<typeof storyStateSchema>;

/** Narrative-aware advice for the Narrator at a scene opening; only `manifesting_now` is mandatory. */
export const writerGuidanceSchema = z.object({
  weave_in: lines,
  manifesting_now: lines,
  opportunities_present: lines,
  tonal_direction: z.string().default(''),
  promises_ready: lines,
  dont_forget: lines,
  world_momentum_notes: lines,
});
export type WriterGuidance = z.output<typeof writerGuidanceSchema>;

/** The `chronicle` part of the npc_state checkpoint, owned by the Chronicler. */
export const chronicleStateSchema = z.object({
  version: z.literal(1),
  /** The boundary cycle that wrote it. */
  cycle: z.number().int().min(1),
  /** In-world time of that boundary: the next run advances momentum by the time elapsed since. */
  at: z.number(),
  story_state: storyStateSchema,
  writer_guidance: writerGuidanceSchema,
  /** Simulation events it took in (the previous cycle's), for the debug panel. */
  took_in: z.array(z.string()).default([]),
});
export type ChronicleState = z.output<typeof chronicleStateSchema>;

export function restoreChronicleState(data: unknown): ChronicleState | null {
  if (data === null || data === undefined) return null;
  const parsed = chronicleStateSchema.safeParse(data);
  if (!parsed.success) throw new Error(`the chronicle is unreadable: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
