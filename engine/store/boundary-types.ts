import type { RunKind } from './database.ts';
import type { JsonValue, NewBoundaryRun, NewCheckpoint, NewLedgerEntry, NewMessage, NewStageCall } from './types.ts';

export type { RunKind } from './database.ts';
// Declared beside TurnCommit, which starts runs, so the two type files do not import each other.
export type { NewBoundaryRun } from './types.ts';

export type BoundaryRunStatus = 'running' | 'done' | 'failed';
export type BoundaryStepStatus = 'pending' | 'running' | 'done' | 'failed';

/**
 * A durable workflow run attached to its turn: a scene boundary (the turn closed the scene) or the turn's after-turn
 * work (its extractors).
 */
export interface StoredBoundaryRun {
  readonly id: number;
  readonly kind: RunKind;
  readonly turnId: number;
  /** The closing turn's story number. */
  readonly turnNumber: number;
  readonly status: BoundaryRunStatus;
  /** The snapshot taken when the scene closed. */
  readonly input: JsonValue;
  /** Why the run failed (the step and its reason); null unless failed. */
  readonly error: string | null;
  readonly createdAt: number;
  readonly finishedAt: number | null;
}

export interface StoredBoundaryStep {
  readonly runId: number;
  readonly step: string;
  readonly status: BoundaryStepStatus;
  /** Every attempt ever started, across resumes. */
  readonly attempts: number;
  readonly output: JsonValue | null;
  /** The last attempt's failure, kept after a later attempt succeeds. */
  readonly error: string | null;
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
}

/** A step's outcome with the stage calls it made (logged on the closing turn, after that turn's own). */
export interface BoundaryStepWrite {
  readonly runId: number;
  readonly step: string;
  readonly stageCalls?: readonly NewStageCall[];
}

/** The end of a run: its last step's output and the checkpoints it writes on the closing turn, all at once. */
export interface BoundaryRunFinish {
  readonly runId: number;
  readonly step: string;
  readonly output: unknown;
  readonly checkpoints: readonly NewCheckpoint[];
  /** Truth-set ledger rows the run adds on its turn (an after-turn run's reconciled Stage 4). */
  readonly ledger?: readonly NewLedgerEntry[];
  /**
   * Messages the run appends to its turn's stream, after the turn's own (an after-turn run's extractor `system`
   * messages); numbered on from the turn's last seq.
   */
  readonly messages?: readonly NewMessage[];
  /** An after-turn run of a turn that closed the scene starts the scene's boundary run as it finishes. */
  readonly boundary?: NewBoundaryRun;
}
