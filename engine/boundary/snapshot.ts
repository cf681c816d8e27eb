import { z } from 'zod';
import type { StreamMeta } from '../stream/index.ts';
import { jsonObjectSchema, jsonSchema } from './json.ts';
import { npcStateFromCheckpoint, type NpcState } from './npc-state.ts';

/** What closed the scene: `/end scene`, `/skip`, or the persona leaving for another place. */
export const BOUNDARY_REASONS = ['scene_close', 'time_skip', 'location_change'] as const;

const leveledStateSchema = z.object({ name: z.string(), level: z.number().int(), category: z.string() });

/**
 * A character's states as the readers want them, parsed once with the snapshot. A state of another shape is left out,
 * not fatal: it plays no part in who saw what, and one odd state must not make the whole boundary unreadable.
 */
const statesSchema = z.array(jsonSchema).transform((states) =>
  states.flatMap((state) => {
    const parsed = leveledStateSchema.safeParse(state);
    return parsed.success ? [parsed.data] : [];
  }),
);

const transcriptEntrySchema = z.strictObject({
  turn: z.number().int().min(1),
  seq: z.number().int().min(1),
  owner: z.string(),
  type: z.string(),
  content: z.string(),
  mood: z.string().nullable(),
  /** The message's visibility meta (whisper target, scene marker …), as the stream stores it. */
  meta: jsonSchema,
});

/**
 * The scene as it closed: the run's stored input. Taken once, when the closing turn commits, so a resumed or retried
 * step sees exactly what the first attempt saw.
 */
export const boundarySnapshotSchema = z.strictObject({
  version: z.literal(1),
  /** The closing turn's story number. */
  turn: z.number().int().min(1),
  scene: z.number().int().min(1),
  reason: z.enum(BOUNDARY_REASONS),
  /** In-world time and place of the scene that closed. */
  time: z.string(),
  location: z.string(),
  personaId: z.string(),
  /** Who was in the scene when it closed: the persona first, then the characters present. */
  present: z.array(z.string()),
  /** Character (and persona) id → its states when the scene closed. */
  states: z.record(z.string(), statesSchema),
  /** The scene's committed messages, oldest first. */
  transcript: z.array(transcriptEntrySchema),
  /** The event system's Tier 3 work held for the boundary (DeferredEvent as JSON), in the order it arose. */
  deferred: z.array(jsonSchema),
  /** The scene's ledger rows (events and judgments), in sequence order. */
  ledger: z.array(z.strictObject({ seq: z.number().int(), turn: z.number().int(), record: jsonSchema })),
  /** The npc_state the scene started from (the previous boundary's, or the initial one). */
  npc: jsonSchema,
  /** The play state the next scene starts from, before the boundary's world changes. */
  playState: jsonObjectSchema,
});

/** The snapshot as engine/turn writes it (states as plain JSON). */
export type BoundarySnapshot = z.input<typeof boundarySnapshotSchema>;
/** The snapshot as the steps read it (states parsed). */
export type ReadSnapshot = z.output<typeof boundarySnapshotSchema>;
export type TranscriptEntry = ReadSnapshot['transcript'][number];

/** The run's input, read back; a snapshot of another shape is a bug or a newer build, never guessed at. */
export function readSnapshot(input: unknown): ReadSnapshot {
  const parsed = boundarySnapshotSchema.safeParse(input);
  if (!parsed.success) throw new Error(`the scene-boundary snapshot is unreadable: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The run's input as the steps read it: the snapshot and the npc_state it carries, each checked once. */
export interface BoundaryInput {
  readonly snapshot: ReadSnapshot;
  readonly npc: NpcState;
}

export function readBoundaryInput(input: unknown): BoundaryInput {
  const snapshot = readSnapshot(input);
  return { snapshot, npc: npcStateFromCheckpoint(snapshot.npc, 'the scene-boundary snapshot') };
}

const heardSchema = z.object({
  kind: z.literal('heard'),
  by: z.array(z.string()),
  whispered: z.literal(true).optional(),
});
const whisperSchema = z.object({ kind: z.literal('whisper'), target: z.string() });

/** Only the metas that decide who may see a transcript line; the rest play no part in anyone's view of it. */
export function visibilityMeta(meta: unknown): StreamMeta | null {
  const heard = heardSchema.safeParse(meta);
  if (heard.success) {
    const { by, whispered } = heard.data;
    return whispered === true ? { kind: 'heard', by, whispered } : { kind: 'heard', by };
  }
  const whisper = whisperSchema.safeParse(meta);
  return whisper.success ? whisper.data : null;
}
