import type { Selectable } from 'kysely';
import type { BoundaryRunStatus, StoredBoundaryRun, StoredBoundaryStep } from '../boundary-types.ts';
import type { BoundaryRunsTable, BoundaryStepsTable, RunKind } from '../database.ts';
import { parseJson, toJsonText } from '../json.ts';
import type { SqliteConnection } from '../sqlite/connection.ts';
import { all, first, run } from '../sqlite/exec.ts';
import { qb } from '../sqlite/query-builder.ts';
import { PACKED_STEP_OUTPUT, packFor, rememberPacked, unpackRow } from '../packed.ts';
import { packRecent, RECENT_RUN_INPUT, rememberRecent, unpackRecent } from '../packed-recent.ts';

export function insertBoundaryRun(
  sqlite: SqliteConnection,
  turnId: number,
  input: unknown,
  steps: readonly string[],
  now: number,
  kind: RunKind = 'scene_boundary',
): number {
  const text = toJsonText(input, `input of the ${kind === 'after_turn' ? 'after-turn' : 'scene-boundary'} run`);
  const packed = packRecent(sqlite, RECENT_RUN_INPUT, { turnId, keys: { kind } }, text);
  const values = {
    turn_id: turnId,
    kind,
    status: 'running' as const,
    input: packed.payload,
    input_bases: packed.bases,
    error: null,
    created_at: now,
    finished_at: null,
  };
  const row = first(sqlite, qb.insertInto('boundary_runs').values(values).returning('id'));
  if (row === undefined) throw new Error('INSERT … RETURNING returned no boundary run');
  rememberRecent(sqlite, RECENT_RUN_INPUT, row.id, text);
  if (steps.length > 0) {
    const rows = steps.map((step) => ({ run_id: row.id, step, status: 'pending' as const }));
    run(sqlite, qb.insertInto('boundary_steps').values(rows));
  }
  return row.id;
}

function runs() {
  return qb
    .selectFrom('boundary_runs')
    .innerJoin('turns', 'turns.id', 'boundary_runs.turn_id')
    .selectAll('boundary_runs')
    .select('turns.number')
    .orderBy('boundary_runs.id');
}

export function readBoundaryRun(sqlite: SqliteConnection, runId: number): StoredBoundaryRun | null {
  const row = first(sqlite, runs().where('boundary_runs.id', '=', runId));
  return row === undefined ? null : toStoredRun(sqlite, row);
}

/** Only the run's closing turn id: the writes that need it must not parse the whole stored input to get it. */
export function boundaryRunTurnId(sqlite: SqliteConnection, runId: number): number | null {
  const row = first(sqlite, qb.selectFrom('boundary_runs').select('turn_id').where('id', '=', runId));
  return row === undefined ? null : row.turn_id;
}

/** Runs not yet done (running when the app stopped, or failed), oldest first; of one kind, or of every kind. */
export function unfinishedBoundaryRuns(sqlite: SqliteConnection, kind?: RunKind): StoredBoundaryRun[] {
  let query = runs().where('boundary_runs.status', '!=', 'done');
  if (kind !== undefined) query = query.where('boundary_runs.kind', '=', kind);
  return all(sqlite, query).map((row) => toStoredRun(sqlite, row));
}

/** The last run that finished (by its closing turn), optionally among those closing a turn up to `uptoTurn`. */
export function lastFinishedBoundaryRun(sqlite: SqliteConnection, uptoTurn?: number): StoredBoundaryRun | null {
  let query = runs()
    .where('boundary_runs.kind', '=', 'scene_boundary')
    .where('boundary_runs.status', '=', 'done')
    .clearOrderBy()
    .orderBy('turns.number', 'desc')
    .orderBy('boundary_runs.id', 'desc')
    .limit(1);
  if (uptoTurn !== undefined) query = query.where('turns.number', '<=', uptoTurn);
  const row = first(sqlite, query);
  return row === undefined ? null : toStoredRun(sqlite, row);
}

export function boundaryRunsOfTurn(
  sqlite: SqliteConnection,
  turnId: number,
  kind: RunKind = 'scene_boundary',
): StoredBoundaryRun[] {
  const query = runs().where('boundary_runs.turn_id', '=', turnId).where('boundary_runs.kind', '=', kind);
  return all(sqlite, query).map((row) => toStoredRun(sqlite, row));
}

export function boundarySteps(sqlite: SqliteConnection, runId: number): StoredBoundaryStep[] {
  const query = qb.selectFrom('boundary_steps').selectAll().where('run_id', '=', runId).orderBy('id');
  return all(sqlite, query).map((row) => toStoredStep(sqlite, row));
}

export function markStepStarted(sqlite: SqliteConnection, runId: number, step: string, now: number): void {
  const query = qb
    .updateTable('boundary_steps')
    .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), started_at: now, finished_at: null }))
    .where('run_id', '=', runId)
    .where('step', '=', step);
  run(sqlite, query);
}

export function markStepDone(sqlite: SqliteConnection, runId: number, step: string, output: unknown, now: number) {
  const text = toJsonText(output, `output of boundary step ${step}`);
  const packed = packFor(sqlite, PACKED_STEP_OUTPUT, step, boundaryRunTurnId(sqlite, runId) ?? 0, text);
  const query = qb
    .updateTable('boundary_steps')
    .set({
      status: 'done',
      output: packed.payload,
      output_base: packed.base,
      output_chain: packed.chain,
      finished_at: now,
    })
    .where('run_id', '=', runId)
    .where('step', '=', step)
    .returning('id');
  const row = first(sqlite, query);
  if (row !== undefined) rememberPacked(sqlite, PACKED_STEP_OUTPUT, row.id, text);
}

export function markStepFailed(sqlite: SqliteConnection, runId: number, step: string, error: string, now: number) {
  const query = qb
    .updateTable('boundary_steps')
    .set({ status: 'failed', error, finished_at: now })
    .where('run_id', '=', runId)
    .where('step', '=', step);
  run(sqlite, query);
}

export function markRun(
  sqlite: SqliteConnection,
  runId: number,
  status: BoundaryRunStatus,
  error: string | null,
  now: number | null,
): void {
  run(sqlite, qb.updateTable('boundary_runs').set({ status, error, finished_at: now }).where('id', '=', runId));
}

/** The stage-call seq after the turn's last: boundary calls are logged on the closing turn, after its own. */
export function nextStageCallSeq(sqlite: SqliteConnection, turnId: number): number {
  const query = qb
    .selectFrom('stage_calls')
    .select((eb) => eb.fn.max('seq').as('last'))
    .where('turn_id', '=', turnId);
  return (first(sqlite, query)?.last ?? 0) + 1;
}

/** The seq a message appended to turn `turnId` after it committed takes (after every message it has). */
export function nextMessageSeq(sqlite: SqliteConnection, turnId: number): number {
  const query = qb
    .selectFrom('messages')
    .select((eb) => eb.fn.max('seq').as('last'))
    .where('turn_id', '=', turnId);
  return (first(sqlite, query)?.last ?? 0) + 1;
}

function toStoredRun(
  sqlite: SqliteConnection,
  row: Selectable<BoundaryRunsTable> & { number: number },
): StoredBoundaryRun {
  return {
    id: row.id,
    kind: row.kind,
    turnId: row.turn_id,
    turnNumber: row.number,
    status: row.status,
    input: parseJson(unpackRecent(sqlite, RECENT_RUN_INPUT, row.id)),
    error: row.error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

function toStoredStep(sqlite: SqliteConnection, row: Selectable<BoundaryStepsTable>): StoredBoundaryStep {
  return {
    runId: row.run_id,
    step: row.step,
    status: row.status,
    attempts: row.attempts,
    output: row.output === null ? null : parseJson(unpackRow(sqlite, PACKED_STEP_OUTPUT, row.id)),
    error: row.error,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}
