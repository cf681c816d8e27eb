import type { StageKind } from './stages.ts';
import type { DownloadProgress } from './dto.ts';
import type { LlmUsage } from './usage.ts';

/** A message of the stream as the UI and the CLI see it. */
export interface StreamMessage {
  readonly id: number;
  readonly turn: number;
  readonly seq: number;
  readonly owner: string;
  readonly type: 'narration' | 'dialog' | 'intention' | 'thought' | 'scene_marker' | 'system';
  readonly content: string;
  readonly mood: string | null;
  readonly createdAt: number;
}

/** Everything the engine pushes to its clients. One union: every transport forwards it unchanged. */
export type EngineEvent =
  | { readonly type: 'turn.started'; readonly saveId: string; readonly turn: number }
  | {
      readonly type: 'stage.started';
      readonly saveId: string;
      readonly turn: number;
      readonly stage: StageKind;
      readonly principal: string;
    }
  | {
      readonly type: 'stage.finished';
      readonly saveId: string;
      readonly turn: number;
      readonly stage: StageKind;
      readonly principal: string;
      readonly usage: LlmUsage;
    }
  | {
      readonly type: 'message.pending';
      readonly saveId: string;
      readonly turn: number;
      readonly pendingId: string;
      readonly owner: string;
      readonly messageType: StreamMessage['type'];
      readonly mood: string | null;
    }
  | { readonly type: 'message.delta'; readonly saveId: string; readonly pendingId: string; readonly delta: string }
  /** A pending message is taken back: the Narrator's script that showed it was rejected and is being rewritten. */
  | { readonly type: 'message.withdrawn'; readonly saveId: string; readonly pendingId: string }
  | {
      readonly type: 'message.committed';
      readonly saveId: string;
      readonly message: StreamMessage;
      /** The pending message it replaces (turn:seq). */
      readonly pendingId: string;
    }
  | { readonly type: 'turn.finished'; readonly saveId: string; readonly turn: number }
  | {
      readonly type: 'turn.failed';
      readonly saveId: string;
      readonly turn: number;
      readonly stage: StageKind | 'engine';
      readonly reason: string;
    }
  | { readonly type: 'model.download'; readonly progress: DownloadProgress }
  /** A step of measuring a local model's speed (models.bench). */
  | { readonly type: 'model.bench'; readonly path: string; readonly step: string }
  | { readonly type: 'packs.changed' }
  | { readonly type: 'saves.changed' }
  /** /undo or /retry continued the story in a new save forked from `from`. */
  | { readonly type: 'save.forked'; readonly from: string; readonly to: string; readonly reason: 'undo' | 'retry' }
  | { readonly type: 'settings.changed' }
  /**
   * The local model generates far below what `storyloom models bench` measured on this machine with the same threads
   * (another program holding the cores, most often). Said once when it turns slow, again only after it recovered.
   */
  | {
      readonly type: 'llm.slow';
      readonly model: string;
      readonly tokensPerSecond: number;
      readonly expectedTokensPerSecond: number;
      readonly threads: number;
    }
  /**
   * The scene-boundary workflow of the scene that closed at `turn` moved on: a step started, finished, is being
   * retried or failed. `done` of `total` steps of its `part` are finished: first the `scene` (what the next scene opens
   * on; the next turn waits for it), then the characters' `reflections` (a turn's character calls wait for those), or
   * the `whole` of it in one run (a save of an older version). It runs while the player reads.
   */
  | ({ readonly type: 'boundary.progress'; readonly part: 'scene' | 'reflections' | 'whole' } & RunProgress)
  /**
   * The after-turn work of `turn` moved on: its extractors run after the turn's prose committed (a step started,
   * finished, is being retried or failed; `done` of `total` finished). The next turn waits for it.
   */
  | ({ readonly type: 'after_turn.progress' } & RunProgress);

/** How far a durable run (a scene boundary or a turn's after-turn work) has got: one step's news, and the count. */
export interface RunProgress {
  readonly saveId: string;
  readonly turn: number;
  readonly step: string;
  readonly status: 'started' | 'done' | 'retrying' | 'failed';
  readonly done: number;
  readonly total: number;
}

export type EngineEventType = EngineEvent['type'];
export type EngineEventListener = (event: EngineEvent) => void;
