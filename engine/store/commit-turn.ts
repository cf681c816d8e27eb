import type { StoreContext } from './context.ts';
import { insertCheckpoint } from './repos/checkpoints.ts';
import { insertMessages } from './repos/messages.ts';
import { updateMeta } from './repos/meta.ts';
import { insertStageCalls } from './repos/stage-calls.ts';
import { insertTurn, nextTurnNumber } from './repos/turns.ts';
import { toSaveError } from './sqlite/errors.ts';
import { transaction } from './sqlite/exec.ts';
import type { CommittedTurn, FailedTurn, StoredTurn, TurnCommit } from './types.ts';

/**
 * Writes a whole turn — turn row, messages, stage calls, checkpoint, RNG state — in ONE transaction: if any row is
 * refused the save is left exactly as it was.
 */
export function commitTurn(context: StoreContext, commit: TurnCommit): CommittedTurn {
  const { sqlite, path } = context;
  const now = context.clock.now();
  try {
    return transaction(sqlite, () => {
      const turn = insertTurn(
        sqlite,
        {
          number: nextTurnNumber(sqlite),
          status: 'committed',
          input: commit.input,
          started_at: commit.startedAt,
          finished_at: commit.finishedAt ?? now,
          duration_ms: commit.durationMs,
          rng_state: JSON.stringify(commit.rngState),
          failure_stage: null,
          failure_reason: null,
        },
        path,
      );
      const messages = insertMessages(sqlite, path, turn, commit.messages, now);
      insertStageCalls(sqlite, turn.id, commit.stageCalls ?? [], now);
      if (commit.checkpoint !== undefined) insertCheckpoint(sqlite, turn.id, commit.checkpoint, now);
      updateMeta(sqlite, { updatedAt: now, appVersion: context.appVersion, rngState: commit.rngState });
      return { turn, messages };
    });
  } catch (error) {
    throw toSaveError(error, path, 'commit a turn to');
  }
}

/** Records a failed turn: no message enters the stream; the attempt, its stage and reason and its calls are kept. */
export function recordFailedTurn(context: StoreContext, failure: FailedTurn): StoredTurn {
  const { sqlite, path } = context;
  const now = context.clock.now();
  try {
    return transaction(sqlite, () => {
      const turn = insertTurn(
        sqlite,
        {
          number: nextTurnNumber(sqlite),
          status: 'failed',
          input: failure.input,
          started_at: failure.startedAt,
          finished_at: failure.finishedAt ?? now,
          duration_ms: failure.durationMs,
          rng_state: null,
          failure_stage: failure.stage,
          failure_reason: failure.reason,
        },
        path,
      );
      insertStageCalls(sqlite, turn.id, failure.stageCalls ?? [], now);
      updateMeta(sqlite, { updatedAt: now, appVersion: context.appVersion });
      return turn;
    });
  } catch (error) {
    throw toSaveError(error, path, 'record a failed turn in');
  }
}
