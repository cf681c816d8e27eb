import { basename } from 'node:path';
import type { SaveSummary } from '../api/index.ts';
import { EngineError } from '../api/index.ts';
import type {
  BoundaryRunFinish,
  BoundaryStepWrite,
  RunKind,
  StoredBoundaryRun,
  StoredBoundaryStep,
} from './boundary-types.ts';
import {
  failBoundaryRun,
  failBoundaryStep,
  finishBoundaryRun,
  finishBoundaryStep,
  resumeBoundaryRun,
  startBoundaryStep,
} from './boundary-writes.ts';
import { commitTurn, recordFailedTurn } from './commit-turn.ts';
import type { StoreContext } from './context.ts';
import { exportDatabase } from './export-save.ts';
import {
  boundaryRunsOfTurn,
  boundarySteps,
  lastFinishedBoundaryRun,
  readBoundaryRun,
  unfinishedBoundaryRuns,
} from './repos/boundary.ts';
import { latestCheckpoint } from './repos/checkpoints.ts';
import { readLedger, type LedgerRange } from './repos/ledger.ts';
import { countMessages, messagesBefore, messagesOfTurn } from './repos/messages.ts';
import { readMeta, updateMeta } from './repos/meta.ts';
import { stageCallsOfTurn } from './repos/stage-calls.ts';
import { readSummary } from './repos/summary.ts';
import { listTurns } from './repos/turns.ts';
import { toSaveError } from './sqlite/errors.ts';
import type {
  CommittedTurn,
  FailedTurn,
  SaveMeta,
  StoredCheckpoint,
  StoredLedgerEntry,
  StoredMessage,
  StoredStageCall,
  StoredTurn,
  TurnCommit,
} from './types.ts';

/**
 * One open save file. Opening is async (it may migrate); an open save answers synchronously, since better-sqlite3
 * is synchronous and a turn's commit must be one uninterrupted transaction. Close it when done.
 */
export interface SaveStore {
  /** The file name: the save's id in its library. */
  readonly id: string;
  readonly path: string;
  meta(): SaveMeta;
  summary(): SaveSummary;
  /** Writes a whole turn in one transaction: everything or nothing. */
  commitTurn(commit: TurnCommit): CommittedTurn;
  recordFailedTurn(failure: FailedTurn): StoredTurn;
  /** The last `count` messages of the stream, oldest first. */
  lastMessages(count: number): StoredMessage[];
  /** A page of the stream: up to `limit` messages before message `beforeId` (null: the end), oldest first. */
  messagesBefore(beforeId: number | null, limit: number): StoredMessage[];
  messagesOfTurn(turnId: number): StoredMessage[];
  messageCount(): number;
  /** Every turn, committed and failed, in the order they were submitted. */
  turns(): StoredTurn[];
  stageCalls(turnId: number): StoredStageCall[];
  latestCheckpoint(kind?: string, uptoTurn?: number): StoredCheckpoint | null;
  /** The event ledger in sequence order, optionally after a sequence and within a range of story turns. */
  ledger(range?: LedgerRange): StoredLedgerEntry[];
  /** A scene-boundary run with its turn's story number; null if there is none with that id. */
  boundaryRun(runId: number): StoredBoundaryRun | null;
  /** Scene-boundary runs not done yet (interrupted or failed), oldest first: resumed when the save is played again. */
  unfinishedBoundaryRuns(): StoredBoundaryRun[];
  /** Durable runs of every kind not done yet (after-turn work and scene boundaries), oldest first. */
  unfinishedRuns(): StoredBoundaryRun[];
  /** The turn's runs of one kind (scene boundaries unless told). */
  boundaryRunsOfTurn(turnId: number, kind?: RunKind): StoredBoundaryRun[];
  /** The last finished run, by its closing turn; optionally the last closing a turn up to story turn `uptoTurn`. */
  lastFinishedBoundaryRun(uptoTurn?: number): StoredBoundaryRun | null;
  /** The run's step rows (one per step, whatever their state). */
  boundarySteps(runId: number): StoredBoundaryStep[];
  /** Marks a step running and counts the attempt. */
  startBoundaryStep(runId: number, step: string): void;
  /** A step's output and the stage calls it made, in one transaction. */
  finishBoundaryStep(done: BoundaryStepWrite & { readonly output: unknown }): void;
  failBoundaryStep(failed: BoundaryStepWrite & { readonly error: string }): void;
  /**
   * The last step's output, the run's checkpoints on its turn, the run's `done` and the scene-boundary run it starts,
   * in one transaction; returns the started run's id.
   */
  finishBoundaryRun(finish: BoundaryRunFinish): number | undefined;
  failBoundaryRun(runId: number, error: string): void;
  /** Sets a failed run running again before it is resumed. */
  resumeBoundaryRun(runId: number): void;
  rename(title: string): void;
  /** Opened for writing: it holds the save's writer lock (readers may read a save another process writes). */
  readonly writable: boolean;
  /** A consistent copy of the save at `destPath` (never overwrites). */
  exportTo(destPath: string): void;
  /** Idempotent. */
  close(): void;
}

export class SqliteSaveStore implements SaveStore {
  readonly id: string;
  readonly path: string;
  #context: StoreContext | null;

  constructor(context: StoreContext) {
    this.id = basename(context.path);
    this.path = context.path;
    this.#context = context;
  }

  meta(): SaveMeta {
    return this.#use('read', (c) => readMeta(c.sqlite, c.path));
  }

  summary(): SaveSummary {
    return this.#use('read', (c) => readSummary(c.sqlite, c.path));
  }

  commitTurn(commit: TurnCommit): CommittedTurn {
    return commitTurn(this.#writable(), commit);
  }

  recordFailedTurn(failure: FailedTurn): StoredTurn {
    return recordFailedTurn(this.#writable(), failure);
  }

  lastMessages(count: number): StoredMessage[] {
    return this.messagesBefore(null, count);
  }

  messagesBefore(beforeId: number | null, limit: number): StoredMessage[] {
    if (!Number.isInteger(limit) || limit < 0) {
      throw new EngineError('invalid_params', `A page of messages needs a limit ≥ 0, got ${limit}.`);
    }
    return this.#use('read', (c) => messagesBefore(c.sqlite, c.path, beforeId, limit));
  }

  messagesOfTurn(turnId: number): StoredMessage[] {
    return this.#use('read', (c) => messagesOfTurn(c.sqlite, c.path, turnId));
  }

  messageCount(): number {
    return this.#use('read', (c) => countMessages(c.sqlite));
  }

  turns(): StoredTurn[] {
    return this.#use('read', (c) => listTurns(c.sqlite, c.path));
  }

  stageCalls(turnId: number): StoredStageCall[] {
    return this.#use('read', (c) => stageCallsOfTurn(c.sqlite, turnId));
  }

  latestCheckpoint(kind?: string, uptoTurn?: number): StoredCheckpoint | null {
    return this.#use('read', (c) => latestCheckpoint(c.sqlite, kind, uptoTurn));
  }

  ledger(range: LedgerRange = {}): StoredLedgerEntry[] {
    return this.#use('read', (c) => readLedger(c.sqlite, range));
  }

  boundaryRun(runId: number): StoredBoundaryRun | null {
    return this.#use('read', (c) => readBoundaryRun(c.sqlite, runId));
  }

  unfinishedBoundaryRuns(): StoredBoundaryRun[] {
    return this.#use('read', (c) => unfinishedBoundaryRuns(c.sqlite, 'scene_boundary'));
  }

  unfinishedRuns(): StoredBoundaryRun[] {
    return this.#use('read', (c) => unfinishedBoundaryRuns(c.sqlite));
  }

  boundaryRunsOfTurn(turnId: number, kind?: RunKind): StoredBoundaryRun[] {
    return this.#use('read', (c) => boundaryRunsOfTurn(c.sqlite, turnId, kind));
  }

  lastFinishedBoundaryRun(uptoTurn?: number): StoredBoundaryRun | null {
    return this.#use('read', (c) => lastFinishedBoundaryRun(c.sqlite, uptoTurn));
  }

  boundarySteps(runId: number): StoredBoundaryStep[] {
    return this.#use('read', (c) => boundarySteps(c.sqlite, runId));
  }

  startBoundaryStep(runId: number, step: string): void {
    startBoundaryStep(this.#writable(), runId, step);
  }

  finishBoundaryStep(done: BoundaryStepWrite & { readonly output: unknown }): void {
    finishBoundaryStep(this.#writable(), done);
  }

  failBoundaryStep(failed: BoundaryStepWrite & { readonly error: string }): void {
    failBoundaryStep(this.#writable(), failed);
  }

  finishBoundaryRun(finish: BoundaryRunFinish): number | undefined {
    return finishBoundaryRun(this.#writable(), finish);
  }

  failBoundaryRun(runId: number, error: string): void {
    failBoundaryRun(this.#writable(), runId, error);
  }

  resumeBoundaryRun(runId: number): void {
    resumeBoundaryRun(this.#writable(), runId);
  }

  rename(title: string): void {
    const trimmed = title.trim();
    if (trimmed === '') throw new EngineError('invalid_params', 'A save needs a non-empty title.');
    this.#writable();
    this.#use('rename', (c) => {
      updateMeta(c.sqlite, { updatedAt: c.clock.now(), appVersion: c.appVersion, title: trimmed });
    });
  }

  exportTo(destPath: string): void {
    this.#use('export', (c) => exportDatabase(c.sqlite, destPath));
  }

  get writable(): boolean {
    return (this.#context?.lock ?? null) !== null;
  }

  close(): void {
    // Closing the last connection checkpoints the WAL into the file and removes the -wal/-shm companions.
    this.#context?.sqlite.close();
    // Only then may another process write to it.
    this.#context?.lock?.release();
    this.#context = null;
  }

  #open(): StoreContext {
    if (this.#context === null) throw new EngineError('invalid_params', `Save ${this.path} is closed.`);
    return this.#context;
  }

  #writable(): StoreContext {
    const context = this.#open();
    if (context.lock === null) {
      throw new EngineError('invalid_params', `Save ${this.path} is open for reading only.`, { path: this.path });
    }
    return context;
  }

  #use<T>(doing: string, work: (context: StoreContext) => T): T {
    const context = this.#open();
    try {
      return work(context);
    } catch (error) {
      throw toSaveError(error, context.path, doing);
    }
  }
}
