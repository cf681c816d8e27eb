import type { CreatedName, SaveSummary, StreamMessage } from '../engine.ts';

/** A message still being written: shown at once, growing with each delta, replaced when its turn commits. */
export interface PendingMessage {
  readonly pendingId: string;
  readonly turn: number;
  readonly owner: string;
  readonly type: StreamMessage['type'];
  readonly mood: string | null;
  readonly text: string;
}

export interface RunningStage {
  readonly stage: string;
  readonly principal: string;
}

export interface TurnFailure {
  readonly turn: number;
  readonly stage: string;
  readonly reason: string;
}

export interface Draft {
  readonly text: string;
  readonly thought: string;
}

export const EMPTY_DRAFT: Draft = { text: '', thought: '' };

/**
 * Background work of `turn` while it runs: the scene-boundary workflow of the scene that closed there, or the turn's
 * after-turn work (its extractors, which run once its prose is written).
 */
export interface BoundaryProgress {
  /** A boundary's characters' `reflections` come after the rest of it (`scene_boundary`). */
  readonly work: 'scene_boundary' | 'reflections' | 'after_turn';
  readonly turn: number;
  /** The step that last moved, in the engine's words ("chronicler"). */
  readonly step: string;
  readonly status: 'started' | 'done' | 'retrying';
  readonly done: number;
  readonly total: number;
}

/** What the play store holds, apart from its actions (apply-event.ts computes the next one). */
export interface PlayData {
  readonly saveId: string | null;
  readonly summary: SaveSummary | null;
  readonly messages: readonly StreamMessage[];
  readonly hasOlder: boolean;
  readonly pending: readonly PendingMessage[];
  readonly running: RunningStage | null;
  readonly busy: boolean;
  /** Set while an older page of the stream is being fetched. */
  readonly loadingOlder: boolean;
  readonly failure: TurnFailure | null;
  readonly notice: string | null;
  readonly error: string | null;
  readonly draft: Draft;
  /** The scene boundary working while the player reads; null when none is. Never blocks the input. */
  readonly boundary: BoundaryProgress | null;
  /** The Narrator's suggested next actions after the latest prose; gone once the player sends anything. */
  readonly choices: readonly string[];
  /** The characters the story created (not in the pack's summary), so their lines are headed by name. */
  readonly createdNames: readonly CreatedName[];
}
