import type { EngineEvent, PlayResult, StageKind } from '../api/index.ts';
import {
  BOUNDARY_HANDLERS,
  boundaryPart,
  isReflectionRun,
  runBoundaryWorkflow,
  type BoundaryHandlers,
} from '../boundary/index.ts';
import type { LlmRouter } from '../llm/index.ts';
import type { StoryPack } from '../pack/index.ts';
import type { Clock, RngFactory } from '../platform/index.ts';
import type { PromptBook } from '../prompts/index.ts';
import type { RunKind, SaveStore, StoredBoundaryRun } from '../store/index.ts';
import { runAfterTurn } from './after-turn-run.ts';
import type { ParsedInput } from './commands.ts';
import { landscapeAt } from './storykeeper/views.ts';
import { playedPack } from './creation/created.ts';

export interface SceneBoundaryDeps {
  readonly pack: StoryPack;
  readonly prompts: PromptBook;
  readonly router: LlmRouter;
  readonly clock: Clock;
  readonly rng: RngFactory;
  readonly emit: (event: EngineEvent) => void;
  readonly stageTimeoutMs: number;
  /** The production steps unless a test swaps some. */
  readonly handlers?: BoundaryHandlers;
}

/** A durable run that still fails after its retries: which kind, whose turn, which step (and its stage) and why. */
export interface RunFailure {
  readonly kind: RunKind;
  readonly turn: number;
  readonly step: string;
  readonly stage: StageKind | 'engine';
  readonly reason: string;
}

/** A finished run may have started another (`next`: the scene boundary of the turn whose after-turn work it was). */
type RunOutcome =
  { readonly status: 'done'; readonly next?: number } | { readonly status: 'failed'; readonly failure: RunFailure };

/** A filter of runs: those a settle plays and waits for. */
type RunFilter = (run: StoredBoundaryRun) => boolean;

/**
 * The durable runs of one play session, in the background, one after another in the order they were started (by id):
 * a turn's after-turn work (its extractors) starts when its prose commits, a scene boundary when its closing turn
 * commits (or, when that turn left after-turn work, as that work finishes: the boundary reads the states it writes).
 * The player reads and types meanwhile; the next turn settles them first. A boundary's reflections (started by its
 * first run's checkpoint, see SCENE_STEPS) run in a lane of their own, which the next turn waits for only before its
 * first character's call. Runs a crash or a stop left unfinished are picked up again when the save is opened and
 * before every turn.
 */
export class BackgroundRuns {
  readonly #deps: SceneBoundaryDeps;
  readonly #store: () => SaveStore;
  /** Every run but a boundary's reflections, in order. */
  #main = new Lane();
  /** A boundary's reflections, each started after the run that wrote what they add to. */
  #reflections = new Lane();
  #controller = new AbortController();
  /** A run finished since the last settle: the save holds a newer play state than the session's. */
  #changed = false;

  constructor(deps: SceneBoundaryDeps, store: () => SaveStore) {
    this.#deps = deps;
    this.#store = store;
  }

  /** Starts a run after those already under way in its lane; never throws (a failure stays in the save, to be resumed). */
  start(runId: number): void {
    const store = this.#store();
    const signal = this.#controller.signal;
    const run = store.boundaryRun(runId);
    const lane = run !== null && this.#isReflections(run) ? this.#reflections : this.#main;
    void lane.queue(() => this.#quietly(store, runId, signal));
  }

  /** Picks up every run left unfinished in the save (after a crash, a stop, or a failure). */
  resumeUnfinished(): void {
    for (const run of this.#store().unfinishedRuns()) this.start(run.id);
  }

  /**
   * What a player's input waits for. A scene command needs every run finished, so it settles them; so does a turn, but
   * for a boundary's reflections (see SCENE_STEPS), which it waits for only before its first character's call and its
   * commit (`memories`), unless one has failed: then it is tried again first. The next turn's first prompt — the
   * Narrator resolving the persona's intention, or Persona Intent on /auto — reads the persona's states
   * (`player.states`), the manifest states of everyone present (`chars.states`) and the learned lore (`lore.learned`),
   * which are exactly what the after-turn steps write, and its classification reads the truth set Stage 4's step
   * reconciled; a scene's first turn reads what its boundary wrote. Undo (and a retry of a committed turn, `discards`)
   * throws the last turn away, and with it the only runs not yet finished (every turn settled those before it): it
   * cancels them instead of waiting (see cancel; the fork keeps none of their rows). Help needs nothing.
   */
  async before(parsed: ParsedInput, discards = false): Promise<Settled> {
    if (parsed.kind === 'command' && parsed.command.kind === 'help') return { failure: null, changed: false };
    if (discards || (parsed.kind === 'command' && parsed.command.kind === 'undo')) {
      this.cancel();
      return { failure: null, changed: false };
    }
    return this.#settleBoth(undefined, startsTurnAtOnce(parsed) && !this.#reflectionFailed());
  }

  /**
   * What a turn's character calls and its commit wait for: the reflections a boundary left running when the turn
   * started (it settled every other run first); the failure of one that still fails, if any. They change only the
   * characters' and the persona's own graphs, which the turn reads again from the save when `changed`.
   */
  memories(): Promise<Settled> {
    return this.#settleReflections();
  }

  /**
   * Stops the runs under way and those waiting, at once: their calls are aborted and nothing waits for them to wind
   * down (issue 24). What they still write lands in the save being left, under the turn the fork drops; runs started
   * from now on queue afresh.
   */
  cancel(): void {
    this.stop();
    this.#main = new Lane();
    this.#reflections = new Lane();
  }

  /**
   * Resolves once no run is under way or waiting in either lane (a run may start another as it ends): true when every
   * run of the save has finished, false when one failed (the next input tries it again).
   */
  async quiet(): Promise<boolean> {
    for (;;) {
      const main = this.#main.idle();
      const reflections = this.#reflections.idle();
      await main;
      await reflections;
      if (this.#main.idle() === main && this.#reflections.idle() === reflections) break;
    }
    return this.#store().unfinishedRuns().length === 0;
  }

  /** Resolves when the runs under way have finished or failed. */
  async idle(): Promise<void> {
    await this.#main.idle();
    await this.#reflections.idle();
  }

  /**
   * Waits for the runs under way, then tries the unfinished ones once more, oldest first (including a boundary one of
   * them starts). Returns the first that still fails (of `kind` only, if given: the others are left to the background),
   * and whether any run finished since the last settle. Settles queue behind one another and behind the runs started
   * before them, so no run is ever played twice at once.
   */
  async settle(kind?: RunKind): Promise<Settled> {
    return this.#settleBoth(kind === undefined ? undefined : (run) => run.kind === kind, kind === 'after_turn');
  }

  /** The main lane (of the runs `only` accepts), then, unless `leaveReflections` or it failed, the reflections. */
  async #settleBoth(only: RunFilter | undefined, leaveReflections: boolean): Promise<Settled> {
    const settled = await this.#settleLane(only);
    if (settled.failure !== null || leaveReflections) return settled;
    const reflected = await this.#settleReflections();
    return { failure: reflected.failure, changed: settled.changed || reflected.changed };
  }

  /** The main lane: every run but the reflections (of those `only` accepts, if given), behind the runs under way. */
  #settleLane(only?: RunFilter): Promise<Settled> {
    const accepts: RunFilter = (run) => !this.#isReflections(run) && (only === undefined || only(run));
    return this.#main.queue(() => this.#settleNow(accepts));
  }

  /** The reflections' lane, behind the reflections under way. */
  #settleReflections(): Promise<Settled> {
    return this.#reflections.queue(() => this.#settleNow((run) => this.#isReflections(run)));
  }

  #isReflections(run: StoredBoundaryRun): boolean {
    if (run.kind !== 'scene_boundary') return false;
    return isReflectionRun(
      this.#store()
        .boundarySteps(run.id)
        .map((row) => row.step),
    );
  }

  /** A boundary's reflections that failed: the next turn tries them again before it starts. */
  #reflectionFailed(): boolean {
    return this.#store()
      .unfinishedRuns()
      .some((run) => run.status === 'failed' && this.#isReflections(run));
  }

  async #settleNow(accepts: RunFilter): Promise<Settled> {
    const store = this.#store();
    const tried = new Set<number>();
    const started: number[] = [];
    let failure: RunFailure | null = null;
    for (;;) {
      const run = store.unfinishedRuns().find((candidate) => !tried.has(candidate.id) && accepts(candidate));
      if (run === undefined) break;
      tried.add(run.id);
      const outcome = await this.#run(store, run, this.#controller.signal);
      if (outcome.status === 'failed') {
        failure = outcome.failure;
        break;
      }
      // A run it started is found unfinished on the next pass, unless this settle leaves it to the background.
      const next = outcome.next === undefined ? null : store.boundaryRun(outcome.next);
      if (next !== null && !accepts(next)) started.push(next.id);
    }
    const changed = this.#changed;
    this.#changed = false;
    for (const runId of started) this.start(runId);
    return { failure, changed };
  }

  /** Stops the runs under way and those waiting (their finished steps are kept) and lets new ones start afresh. */
  stop(): void {
    this.#controller.abort();
    this.#controller = new AbortController();
  }

  async #quietly(store: SaveStore, runId: number, signal: AbortSignal): Promise<void> {
    try {
      const run = store.boundaryRun(runId);
      if (run === null || signal.aborted) return;
      const outcome = await this.#run(store, run, signal);
      if (outcome.status === 'done' && outcome.next !== undefined) this.start(outcome.next);
    } catch {
      // The save was closed or forked away under the run: its rows say where it stopped, and it resumes from there.
    }
  }

  async #run(store: SaveStore, run: StoredBoundaryRun, signal: AbortSignal): Promise<RunOutcome> {
    return run.kind === 'after_turn' ? this.#afterTurn(store, run, signal) : this.#boundary(store, run, signal);
  }

  async #afterTurn(store: SaveStore, run: StoredBoundaryRun, signal: AbortSignal): Promise<RunOutcome> {
    const deps = this.#deps;
    const outcome = await runAfterTurn(
      {
        store,
        pack: playedPack(deps.pack, store),
        router: deps.router,
        clock: deps.clock,
        emit: deps.emit,
        stageTimeoutMs: deps.stageTimeoutMs,
        signal,
        onProgress: ({ turn, step, status, done, total }) =>
          deps.emit({ type: 'after_turn.progress', saveId: store.id, turn, step, status, done, total }),
      },
      run.id,
    );
    if (outcome.status === 'failed') {
      const { step, stage, reason } = outcome;
      return { status: 'failed', failure: { kind: 'after_turn', turn: run.turnNumber, step, stage, reason } };
    }
    this.#changed = true;
    // The scene this turn closed: its boundary comes next, from the states the extractors wrote.
    return outcome.boundaryRunId === undefined ? { status: 'done' } : { status: 'done', next: outcome.boundaryRunId };
  }

  async #boundary(store: SaveStore, run: StoredBoundaryRun, signal: AbortSignal): Promise<RunOutcome> {
    const deps = this.#deps;
    const turn = run.turnNumber;
    const part = boundaryPart(store.boundarySteps(run.id).map((row) => row.step));
    // The boundary sees the people, places and things the story created like the pack's own.
    const pack = playedPack(deps.pack, store);
    const outcome = await runBoundaryWorkflow(
      {
        store,
        handlers: deps.handlers ?? BOUNDARY_HANDLERS,
        pack,
        prompts: deps.prompts,
        personaId: store.meta().personaId,
        router: deps.router,
        clock: deps.clock,
        emit: deps.emit,
        stageTimeoutMs: deps.stageTimeoutMs,
        landscape: () => landscapeAt(store, pack, turn),
        signal,
        onProgress: (progress) =>
          deps.emit({
            type: 'boundary.progress',
            part,
            saveId: store.id,
            turn: progress.turn,
            step: progress.step,
            status: progress.status,
            done: progress.done,
            total: progress.total,
          }),
      },
      run.id,
    );
    if (outcome.status === 'failed') {
      const failure = {
        kind: 'scene_boundary',
        turn,
        step: outcome.step,
        stage: 'engine',
        reason: outcome.reason,
      } as const;
      return { status: 'failed', failure };
    }
    this.#changed = true;
    return outcome.next === undefined ? { status: 'done' } : { status: 'done', next: outcome.next };
  }
}

type Settled = { readonly failure: RunFailure | null; readonly changed: boolean };

/** Work done one piece after another, in the order queued; a piece that fails does not stop the next. */
class Lane {
  #tail: Promise<void> = Promise.resolve();

  queue<T>(work: () => Promise<T>): Promise<T> {
    const done = this.#tail.then(work);
    this.#tail = done.then(
      () => undefined,
      () => undefined,
    );
    return done;
  }

  idle(): Promise<void> {
    return this.#tail;
  }
}

/** A turn played from what the player typed: its first call is the Narrator's, which reads no reflection. */
function startsTurnAtOnce(parsed: ParsedInput): boolean {
  return parsed.kind === 'intention' || (parsed.kind === 'command' && parsed.command.kind === 'whisper');
}

/**
 * The turn that waited for a durable run which still fails, announced like any stage failure: a boundary's as an
 * engine failure naming its step, after-turn work's as a failure of the extractor's stage. An input /retry can play
 * again is recorded as a failed turn (/retry resumes the run first); a command is not (the player types it again, and
 * /retry keeps pointing at the turn it was retrying). The failed run's turn and its prose stay committed.
 */
export function recordRunFailure(
  deps: { readonly store: SaveStore; readonly clock: Clock; readonly emit: (event: EngineEvent) => void },
  turn: number,
  failure: RunFailure,
  retryable: unknown,
): PlayResult {
  const { store } = deps;
  const work = failure.kind === 'after_turn' ? 'the after-turn work of turn' : 'the scene boundary after turn';
  const reason = `${work} ${failure.turn} did not finish: ${failure.step} failed (${failure.reason})`;
  const stage = failure.stage;
  if (retryable !== null) {
    const input = JSON.stringify(retryable);
    store.recordFailedTurn({ input, startedAt: deps.clock.now(), durationMs: 0, stage, reason });
  }
  deps.emit({ type: 'turn.failed', saveId: store.id, turn, stage, reason });
  return { kind: 'failed', saveId: store.id, turn, stage, reason };
}
