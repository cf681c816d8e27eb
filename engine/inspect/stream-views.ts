import type { StageCallRecord, StreamMessage, TurnRecord } from '../api/index.ts';
import type { SaveStore } from '../store/index.ts';
import { toStreamMessage } from '../turn/index.ts';

/** A page of the stream, every owner and type: up to `limit` messages before message `beforeId` (none: the end). */
export function streamPage(store: SaveStore, beforeId: number | null, limit: number): StreamMessage[] {
  return store.messagesBefore(beforeId, limit).map(toStreamMessage);
}

/** Every turn of the save, failed ones too, in the order they were submitted. */
export function turnRecords(store: SaveStore): TurnRecord[] {
  return store.turns().map((turn) => ({
    id: turn.id,
    number: turn.number,
    status: turn.status,
    input: turn.input,
    startedAt: turn.startedAt,
    durationMs: turn.durationMs,
    failureStage: turn.failure?.stage ?? null,
    failureReason: turn.failure?.reason ?? null,
  }));
}

/** Every stage call of one turn (by turn id) as it was logged: prompt, output, tokens, timings. */
export function stageCallRecords(store: SaveStore, turnId: number): StageCallRecord[] {
  return store.stageCalls(turnId);
}
