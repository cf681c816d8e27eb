import type { Selectable } from 'kysely';
import type { StageCallsTable } from '../database.ts';
import { parsePrompt, toJsonText } from '../json.ts';
import type { SqliteConnection } from '../sqlite/connection.ts';
import { all, first } from '../sqlite/exec.ts';
import { PACKED_OUTPUT, packFor, rememberPacked, unpackRow } from '../packed.ts';
import { packRecent, RECENT_PROMPT, rememberRecent, unpackRecent } from '../packed-recent.ts';
import { qb } from '../sqlite/query-builder.ts';
import type { NewStageCall, StoredStageCall } from '../types.ts';

export function insertStageCalls(
  sqlite: SqliteConnection,
  turnId: number,
  calls: readonly NewStageCall[],
  now: number,
): void {
  // One row at a time: each call's prompt is packed against earlier ones, which may be in this batch.
  calls.forEach((call, index) => {
    const text = toJsonText(call.prompt, `prompt of stage call ${index + 1} (${call.stage})`);
    const keys = { stage: call.stage, principal: call.principal };
    const packed = packRecent(sqlite, RECENT_PROMPT, { turnId, keys }, text);
    const output = call.output ?? null;
    const outputPacked = output === null ? null : packFor(sqlite, PACKED_OUTPUT, call.stage, turnId, output);
    const values = {
      turn_id: turnId,
      seq: call.seq ?? index + 1,
      stage: call.stage,
      principal: call.principal,
      provider: call.provider,
      model: call.model,
      prompt: packed.payload,
      prompt_bases: packed.bases,
      output: outputPacked?.payload ?? null,
      output_base: outputPacked?.base ?? null,
      output_chain: outputPacked?.chain ?? 0,
      prompt_tokens: call.promptTokens ?? null,
      cached_tokens: call.cachedTokens ?? null,
      generated_tokens: call.generatedTokens ?? null,
      ttft_ms: call.ttftMs ?? null,
      total_ms: call.totalMs ?? null,
      error: call.error ?? null,
      created_at: call.createdAt ?? now,
    };
    const row = first(sqlite, qb.insertInto('stage_calls').values(values).returning('id'));
    if (row === undefined) throw new Error('INSERT … RETURNING returned no stage call');
    rememberRecent(sqlite, RECENT_PROMPT, row.id, text);
    if (output !== null) rememberPacked(sqlite, PACKED_OUTPUT, row.id, output);
  });
}

export function stageCallsOfTurn(sqlite: SqliteConnection, turnId: number): StoredStageCall[] {
  const query = qb.selectFrom('stage_calls').selectAll().where('turn_id', '=', turnId).orderBy('seq');
  return all(sqlite, query).map((row) => toStoredStageCall(sqlite, row));
}

function toStoredStageCall(sqlite: SqliteConnection, row: Selectable<StageCallsTable>): StoredStageCall {
  return {
    id: row.id,
    turnId: row.turn_id,
    seq: row.seq,
    stage: row.stage,
    principal: row.principal,
    provider: row.provider,
    model: row.model,
    prompt: parsePrompt(unpackRecent(sqlite, RECENT_PROMPT, row.id)),
    output: row.output === null ? null : unpackRow(sqlite, PACKED_OUTPUT, row.id),
    promptTokens: row.prompt_tokens,
    cachedTokens: row.cached_tokens,
    generatedTokens: row.generated_tokens,
    ttftMs: row.ttft_ms,
    totalMs: row.total_ms,
    error: row.error,
    createdAt: row.created_at,
  };
}
