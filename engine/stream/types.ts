/** The message stream of pipeline-rules.md: append-only, ordered by (turn, seq). */
export const MESSAGE_TYPES = ['narration', 'dialog', 'intention', 'thought', 'scene_marker', 'system'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const NARRATOR_OWNER = 'narrator';
export const SYSTEM_OWNER = 'system';

export type SceneMarkerKind = 'location_change' | 'time_skip' | 'scene_open' | 'scene_close';

export interface StreamEntry {
  readonly turn: number;
  /** Position within the turn, from 1. */
  readonly seq: number;
  /** `narrator`, `system`, the persona id or a character id. */
  readonly owner: string;
  readonly type: MessageType;
  readonly content: string;
  /** Dialog only: the speaker's emotional register. */
  readonly mood: string | null;
  /** Structured extras: a scene marker's kind and payload, a whispered intention's target. */
  readonly meta: StreamMeta | null;
}

export type StreamMeta =
  | {
      readonly kind: 'scene_marker';
      readonly marker: SceneMarkerKind;
      readonly from?: string;
      readonly to?: string;
      readonly duration?: string;
    }
  | { readonly kind: 'whisper'; readonly target: string }
  | { readonly kind: 'nudge'; readonly reason: 'npc_silence' }
  /** Narration and dialog: who saw or heard it (present in the scene, or the two sides of a whisper). */
  | { readonly kind: 'heard'; readonly by: readonly string[]; readonly whispered?: true };

/** Where the pipeline stands when a stage's view is built. */
export interface StreamCursor {
  readonly turn: number;
  /** seq of the first message of the current round (an actor's thought or intention). */
  readonly roundStartSeq: number;
}

export const compareEntries = (a: Pick<StreamEntry, 'turn' | 'seq'>, b: Pick<StreamEntry, 'turn' | 'seq'>): number =>
  a.turn - b.turn || a.seq - b.seq;
