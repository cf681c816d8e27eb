import { z } from 'zod';

/** How soon the Narrator must bring a character's approach to the MC (npc-simulation.md, pending_mc_interaction). */
export const URGENCIES = ['immediate', 'high', 'medium', 'low'] as const;
export type Urgency = (typeof URGENCIES)[number];

const text = z.string().default('');

/** A character decided, off-screen, to seek the MC. The Narrator brings it in by urgency at a scene opening. */
export const pendingInteractionSchema = z.object({
  /** `<character>@<cycle>`: stable across checkpoints, so a delivery can be counted against it. */
  id: z.string().min(1),
  character: z.string().min(1),
  urgency: z.enum(URGENCIES),
  what: z.string().min(1),
  approach: text,
  driver: text,
  emotional_state: text,
  what_i_want: text,
  what_i_know: text,
  raisedAt: z.number(),
  cycle: z.number().int().min(1),
});
export type PendingInteraction = z.output<typeof pendingInteractionSchema>;

/** Something an arc_important character did to a significant one, in its own words (the events log). */
export const characterEventSchema = z.object({
  about: z.string().min(1),
  by: z.string().min(1),
  time: z.number(),
  event: z.string().min(1),
  my_read: text,
});
export type CharacterEvent = z.output<typeof characterEventSchema>;

export const cycleWorldEventSchema = z.object({
  when: z.number(),
  where: z.string().nullable(),
  event: z.string().min(1),
  entities: z.array(z.string()).default([]),
});
export type CycleWorldEvent = z.output<typeof cycleWorldEventSchema>;

/** Where a simulated or inferred character stands now, for the next scene and the debug panels. */
export const situationSchema = z.object({
  location: z.string().nullable(),
  activity: text,
  emotional_state: text,
  at: z.number(),
});
export type Situation = z.output<typeof situationSchema>;

/**
 * The `simulation` part of the npc_state checkpoint, owned by off-screen propagation. `cycles` keeps each recent
 * cycle's world_events_emitted for the Chronicler, which reads them one cycle late (chroniclerSimulationEvents).
 */
export const simulationStateSchema = z.object({
  version: z.literal(1),
  /** The last boundary cycle that ran (0: none yet). Cycles count scene boundaries from 1. */
  cycle: z.number().int().min(0),
  lastSimulated: z.record(z.string(), z.number()).default({}),
  cycles: z
    .array(z.object({ cycle: z.number().int().min(1), at: z.number(), events: z.array(cycleWorldEventSchema) }))
    .default([]),
  characterEvents: z.array(characterEventSchema).default([]),
  pending: z.array(pendingInteractionSchema).default([]),
  situations: z.record(z.string(), situationSchema).default({}),
  /** Character → when it was first seen off-screen away from the persona's area, for the long-absence demotion. */
  awaySince: z.record(z.string(), z.number()).default({}),
});
export type SimulationState = z.output<typeof simulationStateSchema>;

export const EMPTY_SIMULATION_STATE: SimulationState = {
  version: 1,
  cycle: 0,
  lastSimulated: {},
  cycles: [],
  characterEvents: [],
  pending: [],
  situations: {},
  awaySince: {},
};

/** A checkpointed simulation part; absent (null) before the first boundary. Unreadable data is a bug: it throws. */
export function restoreSimulationState(data: unknown): SimulationState {
  if (data === null || data === undefined) return EMPTY_SIMULATION_STATE;
  const parsed = simulationStateSchema.safeParse(data);
  if (!parsed.success) throw new Error(`the simulation state is unreadable: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Cycles kept for the Chronicler: its own (off by one) and one more for the debug panel. */
export const KEPT_CYCLES = 2;
