import { inWorldMinutes, type InWorldMinute, type KnowledgeStore, type TierRoster } from '../../npc/index.ts';
import { MESSAGE_TYPES, type LeveledState, type MessageType, type StreamEntry } from '../../stream/index.ts';
import { visibilityMeta, type BoundaryInput, type TranscriptEntry } from '../snapshot.ts';

/**
 * The closing scene as the knowledge steps read it: the run's snapshot with its time in in-world minutes, its
 * transcript as stream entries (so the visibility matrix can filter it), and the npc_state it started from restored.
 */
export type ClosedScene = {
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
  readonly ledger: readonly { readonly record: unknown }[];
};

/** The run's snapshot as the knowledge steps read it; a time this build cannot read fails the step loudly. */
export function readClosedScene({ snapshot, npc }: BoundaryInput): ClosedScene {
  const time = inWorldMinutes(snapshot.time);
  if (time === null) throw new Error(`the closing scene's time is not an in-world time: "${snapshot.time}"`);
  return {
    turn: snapshot.turn,
    location: snapshot.location,
    time,
    present: snapshot.present,
    transcript: snapshot.transcript.flatMap(toStreamEntry),
    states: snapshot.states,
    knowledge: npc.knowledge,
    roster: npc.roster,
    relationships: npc.relationships,
    ledger: snapshot.ledger,
  };
}

function toStreamEntry(entry: TranscriptEntry): StreamEntry[] {
  const type = MESSAGE_TYPES.find((candidate): candidate is MessageType => candidate === entry.type);
  if (type === undefined) return [];
  const { turn, seq, owner, content, mood } = entry;
  return [{ turn, seq, owner, type, content, mood, meta: visibilityMeta(entry.meta) }];
}
