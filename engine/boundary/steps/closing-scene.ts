import { z } from 'zod';
import {
  emptyKnowledgeStore,
  inWorldMinutes,
  restoreKnowledgeStore,
  restoreTierRoster,
  type InWorldMinute,
  type KnowledgeStore,
  type TierRoster,
} from '../../npc/index.ts';
import { MESSAGE_TYPES, type LeveledState, type StreamEntry, type StreamMeta } from '../../stream/index.ts';

/**
 * The parts of the closing scene's snapshot the knowledge steps read: where and when it closed, who was there, what
 * was said and done (the transcript, with its witnesses), and the npc_state it starts from. Other parts are ignored.
 */
const transcriptEntrySchema = z.object({
  turn: z.number().int(),
  seq: z.number().int(),
  owner: z.string(),
  type: z.enum(MESSAGE_TYPES),
  content: z.string(),
  mood: z.string().nullable().default(null),
  meta: z.unknown().optional(),
});

const snapshotSchema = z.object({
  turn: z.number().int().min(0),
  location: z.string(),
  time: z.string(),
  present: z.array(z.string()),
  transcript: z.array(transcriptEntrySchema).default([]),
  /** Character id → its states when the scene closed (the play state's). */
  states: z
    .record(z.string(), z.array(z.object({ name: z.string(), level: z.number().int(), category: z.string() })))
    .default({}),
  /** The scene's ledger entries (factual events and judgments), as the events room records them. */
  ledger: z.unknown(),
  npc: z.object({ knowledge: z.unknown(), roster: z.unknown(), relationships: z.unknown() }).partial().default({}),
});

export type ClosingScene = {
  /** The turn that closed the scene: the provenance ref of what the steps write. */
  readonly turn: number;
  readonly location: string;
  readonly time: InWorldMinute;
  /** Characters (and the persona) in the scene when it closed. */
  readonly present: readonly string[];
  readonly transcript: readonly StreamEntry[];
  readonly states: { readonly [id: string]: readonly LeveledState[] };
  readonly knowledge: KnowledgeStore;
  /** The tier roster, when the save keeps one: only some tiers keep a knowledge graph. */
  readonly roster: TierRoster | null;
  /** The `relationships` part as checkpointed (restored by the social ripple). */
  readonly relationships: unknown;
  /** The scene's ledger entries, unread: the social ripple picks out the observable events. */
  readonly ledger: unknown;
};

/** Reads the snapshot; a snapshot this build cannot read fails the step loudly, as a stage failure would. */
export function readClosingScene(input: unknown): ClosingScene {
  const parsed = snapshotSchema.safeParse(input);
  if (!parsed.success) throw new Error(`the closing scene's snapshot is unreadable: ${z.prettifyError(parsed.error)}`);
  const snapshot = parsed.data;
  const time = inWorldMinutes(snapshot.time);
  if (time === null) throw new Error(`the closing scene's time is not an in-world time: "${snapshot.time}"`);
  return {
    turn: snapshot.turn,
    location: snapshot.location,
    time,
    present: snapshot.present,
    transcript: snapshot.transcript.map(toStreamEntry),
    states: snapshot.states,
    knowledge: knowledgeOf(snapshot.npc.knowledge),
    roster: rosterOf(snapshot.npc.roster),
    relationships: snapshot.npc.relationships ?? null,
    ledger: snapshot.ledger ?? [],
  };
}

function knowledgeOf(data: unknown): KnowledgeStore {
  if (data === undefined || data === null) return emptyKnowledgeStore();
  const restored = restoreKnowledgeStore(data);
  if (!restored.ok) throw new Error(`the knowledge graphs are unreadable: ${restored.problems.join('; ')}`);
  return restored.store;
}

function rosterOf(data: unknown): TierRoster | null {
  if (data === undefined || data === null) return null;
  const restored = restoreTierRoster(data);
  if (!restored.ok) throw new Error(`the tier roster is unreadable: ${restored.problems.join('; ')}`);
  return restored.roster;
}

function toStreamEntry(entry: z.infer<typeof transcriptEntrySchema>): StreamEntry {
  return {
    turn: entry.turn,
    seq: entry.seq,
    owner: entry.owner,
    type: entry.type,
    content: entry.content,
    mood: entry.mood,
    meta: heardMeta(entry.meta),
  };
}

const heardSchema = z.object({ kind: z.literal('heard'), by: z.array(z.string()) });
const whisperSchema = z.object({ kind: z.literal('whisper'), target: z.string() });

/** Only the metas that decide who may see a message; the rest play no part in a character's view. */
function heardMeta(meta: unknown): StreamMeta | null {
  const heard = heardSchema.safeParse(meta);
  if (heard.success) return heard.data;
  const whisper = whisperSchema.safeParse(meta);
  return whisper.success ? whisper.data : null;
}
