// The writes a real playthrough makes to its save, recorded so the store benchmarks can replay them: Lantern Quay's
// scripted arrival played by the real engine, every write to the save (turn commits, after-turn and boundary steps)
// captured with its real payload — the stage prompts, checkpoints and run snapshots a player's save really holds.
import {
  SaveLibrary,
  type BoundaryRunFinish,
  type NewLedgerEntry,
  type SaveStore,
  type TurnCommit,
} from '../../engine/store/index.ts';
import { replayFixture } from '../support/playthrough.ts';

/** The SaveStore methods that write, with what each returns that later writes refer to (run ids). */
const WRITES = [
  'commitTurn',
  'recordFailedTurn',
  'startBoundaryStep',
  'finishBoundaryStep',
  'failBoundaryStep',
  'finishBoundaryRun',
  'failBoundaryRun',
  'resumeBoundaryRun',
] as const;
type WriteMethod = (typeof WRITES)[number];

export interface RecordedWrite {
  readonly method: WriteMethod;
  readonly args: readonly unknown[];
  /** Run ids the write returned (a commit's after-turn and boundary runs; a finished run's next), to map on replay. */
  readonly startedRuns: readonly number[];
}

export interface Recording {
  readonly writes: readonly RecordedWrite[];
  readonly turns: number;
}

function isWrite(name: string | symbol): name is WriteMethod {
  return WRITES.some((method) => method === name);
}

function startedRuns(method: WriteMethod, result: unknown): number[] {
  if (method === 'finishBoundaryRun') return typeof result === 'number' ? [result] : [];
  if (method !== 'commitTurn' || typeof result !== 'object' || result === null) return [];
  const ids: number[] = [];
  if ('afterTurnRunId' in result && typeof result.afterTurnRunId === 'number') ids.push(result.afterTurnRunId);
  if ('boundaryRunId' in result && typeof result.boundaryRunId === 'number') ids.push(result.boundaryRunId);
  return ids;
}

/** Plays the arrival fixture with every save the engine opens wrapped in a recorder. */
export async function recordArrival(): Promise<Recording> {
  const writes: RecordedWrite[] = [];
  const original = SaveLibrary.prototype.open;
  SaveLibrary.prototype.open = async function (this: SaveLibrary, id: string): Promise<SaveStore> {
    const store = await original.call(this, id);
    return new Proxy(store, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        if (!isWrite(property)) return value.bind(target);
        return (...args: unknown[]) => {
          const copied = structuredClone(args);
          const result: unknown = value.apply(target, args);
          writes.push({ method: property, args: copied, startedRuns: startedRuns(property, result) });
          return result;
        };
      },
    });
  };
  try {
    const run = await replayFixture('lantern-quay', 'arrival');
    await run.setup.cleanup();
  } finally {
    SaveLibrary.prototype.open = original;
  }
  const turns = writes.filter((write) => write.method === 'commitTurn').length;
  return { writes, turns };
}

/**
 * Replays the recording into `store` `cycles` times, as one long game: run ids are mapped to the ones this save gives,
 * ledger sequences continue after the last cycle's, and a commit's `basedOnTurn` (if the store has one) follows the
 * replayed turns. `onCommit` sees each turn's commit time (ms), for the append benchmark.
 */
export function replay(
  store: SaveStore,
  recording: Recording,
  cycles: number,
  onCommit: (ms: number) => void = () => undefined,
): void {
  let ledgerOffset = 0;
  let turnsDone = 0;
  for (let cycle = 0; cycle < cycles; cycle++) {
    const runIds = new Map<number, number>();
    let lastSeq = ledgerOffset;
    for (const write of recording.writes) {
      const args = write.args.map((arg) => mapRunId(arg, runIds));
      let result: unknown;
      if (write.method === 'commitTurn') {
        const commit = shifted(args[0], ledgerOffset, turnsDone);
        for (const entry of commit.ledger ?? []) lastSeq = Math.max(lastSeq, entry.seq);
        const started = performance.now();
        result = store.commitTurn(commit);
        onCommit(performance.now() - started);
        turnsDone++;
      } else if (write.method === 'finishBoundaryRun') {
        // An after-turn run adds its reconciled ledger rows on its turn: numbered on like a commit's.
        const finish = shiftedLedger(args[0] as BoundaryRunFinish, ledgerOffset);
        for (const entry of finish.ledger ?? []) lastSeq = Math.max(lastSeq, entry.seq);
        result = store.finishBoundaryRun(finish);
      } else {
        // The recorded arguments are the ones the engine passed to this very method.
        result = Reflect.apply(store[write.method], store, args);
      }
      const replayed = startedRuns(write.method, result);
      write.startedRuns.forEach((recorded, index) => {
        const now = replayed[index];
        if (now !== undefined) runIds.set(recorded, now);
      });
    }
    ledgerOffset = lastSeq;
  }
}

/** Writes name their run by `runId` (steps) or as the first argument (fail/resume a run). */
function mapRunId(arg: unknown, runIds: ReadonlyMap<number, number>): unknown {
  if (typeof arg === 'number') return runIds.get(arg) ?? arg;
  if (typeof arg === 'object' && arg !== null && 'runId' in arg && typeof arg.runId === 'number') {
    return { ...arg, runId: runIds.get(arg.runId) ?? arg.runId };
  }
  return arg;
}

function shifted(arg: unknown, ledgerOffset: number, turnsDone: number): TurnCommit {
  // The recorded argument is a TurnCommit the engine built; only the sequence-bound fields change.
  const commit = shiftedLedger(arg as TurnCommit, ledgerOffset);
  return { ...commit, ...(commit.basedOnTurn === undefined ? {} : { basedOnTurn: turnsDone }) };
}

function shiftedLedger<T extends { readonly ledger?: readonly NewLedgerEntry[] }>(write: T, ledgerOffset: number): T {
  if (write.ledger === undefined) return write;
  return { ...write, ledger: write.ledger.map((entry) => ({ ...entry, seq: entry.seq + ledgerOffset })) };
}
