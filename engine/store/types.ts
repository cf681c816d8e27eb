import type { StageCallRecord } from '../api/index.ts';
import type { RngState } from '../platform/index.ts';
import type { MessageType } from '../stream/index.ts';

/** What JSON.parse can return: how JSON columns (message data, checkpoint data) come back. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** One chat message of a stage prompt, as logged (an `LlmMessage` fits). */
export interface PromptMessage {
  readonly role: string;
  readonly content: string;
}

export interface SaveMeta {
  readonly title: string;
  readonly packId: string;
  readonly packVersion: string;
  readonly packContentHash: string;
  /** The persona the player plays. */
  readonly personaId: string;
  readonly rngSeed: number;
  /** The RNG state the save started from (before turn 1). */
  readonly rngInitialState: RngState;
  /** The RNG state after the last committed turn. */
  readonly rngState: RngState;
  /** The app version that last wrote to the save. */
  readonly appVersion: string;
  /** Set when this save was forked from another one. */
  readonly forkedFrom: { readonly saveId: string; readonly turn: number } | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** Everything a new save starts with. */
export interface NewSave {
  readonly title: string;
  readonly packId: string;
  readonly packVersion: string;
  readonly packContentHash: string;
  readonly personaId: string;
  readonly rngSeed: number;
  readonly rngState: RngState;
}

export interface NewMessage {
  /** `narrator`, `system`, the persona id or a character id. */
  readonly owner: string;
  readonly type: MessageType;
  readonly content: string;
  readonly mood?: string | null;
  /** Structured extras (JSON-serialisable), e.g. the stream's `StreamMeta`. */
  readonly meta?: unknown;
  /** Position within the turn; defaults to the message's index + 1. */
  readonly seq?: number;
  /** Defaults to the commit time. */
  readonly createdAt?: number;
}

export interface StoredMessage {
  /** Global order of the stream. */
  readonly id: number;
  /** The submission that produced it (failed submissions count too, as turn_id does in the spec). */
  readonly turnId: number;
  /** The committed turn's number, as the player sees it (1, 2, 3 …). */
  readonly turnNumber: number;
  readonly seq: number;
  readonly owner: string;
  readonly type: MessageType;
  readonly content: string;
  readonly mood: string | null;
  readonly meta: JsonValue | null;
  readonly createdAt: number;
}

export interface NewStageCall {
  /** Order within the turn; defaults to the call's index + 1. */
  readonly seq?: number;
  readonly stage: string;
  readonly principal: string;
  readonly provider: string;
  readonly model: string;
  readonly prompt: readonly PromptMessage[];
  readonly output?: string | null;
  readonly promptTokens?: number | null;
  readonly cachedTokens?: number | null;
  readonly generatedTokens?: number | null;
  readonly ttftMs?: number | null;
  readonly totalMs?: number | null;
  readonly error?: string | null;
  readonly createdAt?: number;
}

/** A logged stage call: what the debug drawer sees is the row itself. */
export type StoredStageCall = StageCallRecord;

export interface NewCheckpoint {
  readonly kind: string;
  /** JSON-serialisable snapshot. */
  readonly data: unknown;
}

export interface StoredCheckpoint {
  readonly id: number;
  readonly turnId: number;
  readonly createdAt: number;
  readonly kind: string;
  readonly data: JsonValue;
}

/** One ledger row as the turn hands it over: the record is the event or judgment, as JSON. */
export interface NewLedgerEntry {
  readonly seq: number;
  readonly record: unknown;
}

export interface StoredLedgerEntry {
  readonly seq: number;
  /** The story turn number of the turn that wrote it. */
  readonly turn: number;
  readonly record: JsonValue;
}

interface TurnTiming {
  readonly input: string;
  /** Wall-clock start (ms since the epoch). */
  readonly startedAt: number;
  /** Defaults to the commit time. */
  readonly finishedAt?: number;
  /** Measured on the monotonic clock. */
  readonly durationMs: number;
  readonly stageCalls?: readonly NewStageCall[];
}

/** A whole turn, written in one transaction. */
export interface TurnCommit extends TurnTiming {
  readonly messages: readonly NewMessage[];
  /** The RNG state after the turn. */
  readonly rngState: RngState;
  readonly checkpoint?: NewCheckpoint;
  /** Further checkpoints of other kinds (the truth set at scene entry, the turn's classification report). */
  readonly checkpoints?: readonly NewCheckpoint[];
  readonly ledger?: readonly NewLedgerEntry[];
  /** The turn closes a scene: its scene-boundary run starts with it, so a crash right after cannot lose it. */
  readonly boundary?: NewBoundaryRun;
  /** The turn's after-turn work (its extractors): starts with it, for the same reason. */
  readonly afterTurn?: NewBoundaryRun;
  /**
   * How many committed turns the save had when this turn was played on it. The commit is refused (`save_in_use`) if
   * the save has moved on meanwhile — another writer got past the lock — rather than committing a stale turn.
   */
  readonly basedOnTurn?: number;
}

/** A turn that failed: no message enters the stream, but the attempt and its stage calls are kept. */
export interface FailedTurn extends TurnTiming {
  readonly stage: string;
  readonly reason: string;
}

export interface StoredTurn {
  readonly id: number;
  readonly number: number;
  readonly status: 'committed' | 'failed';
  readonly input: string;
  readonly startedAt: number;
  readonly finishedAt: number;
  readonly durationMs: number;
  readonly rngState: RngState | null;
  readonly failure: { readonly stage: string; readonly reason: string } | null;
}

export interface CommittedTurn {
  readonly turn: StoredTurn;
  readonly messages: readonly StoredMessage[];
  /** The scene-boundary run started with the turn, if it closed a scene. */
  readonly boundaryRunId?: number;
  /** The after-turn run started with the turn, if it left work for after its prose. */
  readonly afterTurnRunId?: number;
}

/** A run to start with its turn: the snapshot and the names of its steps (each gets a pending row). */
export interface NewBoundaryRun {
  readonly input: unknown;
  readonly steps: readonly string[];
}
