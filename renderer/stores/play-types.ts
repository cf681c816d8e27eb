import type { StreamMessage } from '../engine.ts';

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

/** The scene-boundary workflow of the scene that closed at `turn`, while it runs in the background. */
export interface BoundaryProgress {
  readonly turn: number;
  /** The step that last moved, in the engine's words ("chronicler"). */
  readonly step: string;
  readonly status: 'started' | 'done' | 'retrying';
  readonly done: number;
  readonly total: number;
}
