import type { NewBoundaryRun, RunKind } from './boundary-types.ts';
import type { StoreContext } from './context.ts';
import { insertBoundaryRun } from './repos/boundary.ts';
import { insertCheckpoint } from './repos/checkpoints.ts';
import { EngineError } from '../api/index.ts';
import { insertLedger, lastLedgerSeq } from './repos/ledger.ts';
import { insertMessages } from './repos/messages.ts';
import { updateMeta } from './repos/meta.ts';
import { insertStageCalls } from './repos/stage-calls.ts';
import { insertTurn, nextTurnNumber } from './repos/turns.ts';
import type { SqliteConnection } from './sqlite/connection.ts';
import { toSaveError } from './sqlite/errors.ts';
import { transaction } from './sqlite/exec.ts';
import type { CommittedTurn, FailedTurn, StoredTurn, TurnCommit } from './types.ts';

type Outcome =
  | { readonly status: 'committed'; readonly rngState: string }
  | { readonly status: 'failed'; readonly stage: string; readonly reason: string };

/**
 * Writes a whole turn — turn row, messages, stage calls, checkpoint, RNG state — in ONE transaction: if any row is
 * refused the save is left exactly as it was.
 */
export function commitTurn(context: StoreContext, commit: TurnCommit): CommittedTurn {
  return attempt(
    context,
    'commit a turn to',
    commit,
    { status: 'committed', rngState: JSON.stringify(commit.rngState) },
    (turn, now) => {
      checkBasis(context, commit, turn.number);
      const messages = insertMessages(context.sqlite, context.path, turn, commit.messages, now);
      if (commit.checkpoint !== undefined) insertCheckpoint(context.sqlite, turn.id, commit.checkpoint, now);
      for (const checkpoint of commit.checkpoints ?? []) insertCheckpoint(context.sqlite, turn.id, checkpoint, now);
      insertLedger(context.sqlite, turn.id, commit.ledger ?? [], now);
      updateMeta(context.sqlite, { updatedAt: now, appVersion: context.appVersion, rngState: commit.rngState });
      const runs = (run: NewBoundaryRun | undefined, kind: RunKind) =>
        run === undefined ? undefined : insertBoundaryRun(context.sqlite, turn.id, run.input, run.steps, now, kind);
      // The after-turn run first: its id orders it before the boundary, which reads what it derives.
      const afterTurnRunId = runs(commit.afterTurn, 'after_turn');
      const boundaryRunId = runs(commit.boundary, 'scene_boundary');
      return {
        turn,
        messages,
        ...(afterTurnRunId === undefined ? {} : { afterTurnRunId }),
        ...(boundaryRunId === undefined ? {} : { boundaryRunId }),
      };
    },
  );
}

/**
 * The save must still be where the session left it: the turn it built on the last committed one, its ledger entries
 * after the last one stored. Anything else means another writer moved the save on, and this turn is refused whole.
 */
function checkBasis(context: StoreContext, commit: TurnCommit, number: number): void {
  const { sqlite, path } = context;
  if (commit.basedOnTurn !== undefined && number - 1 !== commit.basedOnTurn) {
    throw changedUnder(
      path,
      `it now has ${number - 1} turns, and this turn was played after turn ${commit.basedOnTurn}`,
    );
  }
  const firstSeq = Math.min(...(commit.ledger ?? []).map((entry) => entry.seq));
  const lastSeq = lastLedgerSeq(sqlite);
  if (Number.isFinite(firstSeq) && firstSeq <= lastSeq) {
    throw changedUnder(path, `its event ledger already reaches entry ${lastSeq}, and this turn starts at ${firstSeq}`);
  }
}

function changedUnder(path: string, how: string): EngineError {
  return new EngineError(
    'save_in_use',
    `Save ${path} changed while this turn was played (${how}): another Storyloom may be writing it. Nothing of this ` +
      'turn was saved; open the save again to continue from where it is now.',
    { path },
  );
}

/** Records a failed turn: no message enters the stream; the attempt, its stage and reason and its calls are kept. */
export function recordFailedTurn(context: StoreContext, failure: FailedTurn): StoredTurn {
  const outcome = { status: 'failed', stage: failure.stage, reason: failure.reason } as const;
  return attempt(context, 'record a failed turn in', failure, outcome, (turn, now) => {
    updateMeta(context.sqlite, { updatedAt: now, appVersion: context.appVersion });
    return turn;
  });
}

/** The turn row and its stage calls, then `rest`, all in one transaction. */
function attempt<R>(
  context: StoreContext,
  action: string,
  timing: Pick<TurnCommit, 'input' | 'startedAt' | 'finishedAt' | 'durationMs' | 'stageCalls'>,
  outcome: Outcome,
  rest: (turn: StoredTurn, now: number) => R,
): R {
  const { sqlite, path } = context;
  const now = context.clock.now();
  try {
    return transaction(sqlite, () => {
      const turn = insertTurnRow(sqlite, path, timing, outcome, now);
      insertStageCalls(sqlite, turn.id, timing.stageCalls ?? [], now);
      return rest(turn, now);
    });
  } catch (error) {
    throw toSaveError(error, path, action);
  }
}

function insertTurnRow(
  sqlite: SqliteConnection,
  path: string,
  timing: Pick<TurnCommit, 'input' | 'startedAt' | 'finishedAt' | 'durationMs'>,
  outcome: Outcome,
  now: number,
): StoredTurn {
  const failed = outcome.status === 'failed';
  return insertTurn(
    sqlite,
    {
      number: nextTurnNumber(sqlite),
      status: outcome.status,
      input: timing.input,
      started_at: timing.startedAt,
      finished_at: timing.finishedAt ?? now,
      duration_ms: timing.durationMs,
      rng_state: failed ? null : outcome.rngState,
      failure_stage: failed ? outcome.stage : null,
      failure_reason: failed ? outcome.reason : null,
    },
    path,
  );
}
