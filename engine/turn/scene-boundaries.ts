import type { EngineEvent, PlayResult } from '../api/index.ts';
import {
  BOUNDARY_HANDLERS,
  runBoundaryWorkflow,
  type BoundaryHandlers,
  type WorkflowOutcome,
} from '../boundary/index.ts';
import type { LlmRouter } from '../llm/index.ts';
import type { StoryPack } from '../pack/index.ts';
import type { Clock, RngFactory } from '../platform/index.ts';
import type { PromptBook } from '../prompts/index.ts';
import type { SaveStore } from '../store/index.ts';
import type { ParsedInput } from './commands.ts';
import { landscapeAt } from './storykeeper/index.ts';

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

export type BoundaryFailure = { readonly turn: number; readonly step: string; readonly reason: string };

/**
 * The scene-boundary runs of one play session, in the background: a run starts when its closing turn commits and the
 * player reads on; the next turn settles it first (it needs the results). Runs a crash or a stop left unfinished are
 * picked up again when the save is opened and before every turn.
 */
export class SceneBoundaries {
  readonly #deps: SceneBoundaryDeps;
  readonly #store: () => SaveStore;
  #running: Promise<void> = Promise.resolve();
  #controller = new AbortController();
  /** A run finished since the last settle: the save holds a newer play state than the session's. */
  #changed = false;

  constructor(deps: SceneBoundaryDeps, store: () => SaveStore) {
    this.#deps = deps;
    this.#store = store;
  }

  /** Starts a run after those already under way; never throws (a failure stays in the save, to be resumed). */
  start(runId: number): void {
    const store = this.#store();
    this.#running = this.#running.then(() => this.#quietly(store, runId));
  }

  /** Picks up every run left unfinished in the save (after a crash, a stop, or a failure). */
  resumeUnfinished(): void {
    for (const run of this.#store().unfinishedBoundaryRuns()) this.start(run.id);
  }

  /**
   * What a player's input waits for: a turn or a scene command needs the last boundary finished (so it settles it);
   * undo only needs it to stop writing; help needs nothing.
   */
  async before(parsed: ParsedInput): Promise<{ readonly failure: BoundaryFailure | null; readonly changed: boolean }> {
    if (parsed.kind === 'command' && parsed.command.kind === 'help') return { failure: null, changed: false };
    if (parsed.kind === 'command' && parsed.command.kind === 'undo') {
      await this.idle();
      return { failure: null, changed: false };
    }
    return this.settle();
  }

  /** Resolves when the runs under way have finished or failed. */
  async idle(): Promise<void> {
    await this.#running;
  }

  /**
   * Waits for the runs under way, then tries the unfinished ones once more. Returns the first that still fails, and
   * whether any run finished since the last settle.
   */
  async settle(): Promise<{ readonly failure: BoundaryFailure | null; readonly changed: boolean }> {
    await this.#running;
    const store = this.#store();
    let failure: BoundaryFailure | null = null;
    for (const run of store.unfinishedBoundaryRuns()) {
      const outcome = await this.#run(store, run.id);
      if (outcome.status === 'failed') {
        failure = { turn: run.turnNumber, step: outcome.step, reason: outcome.reason };
        break;
      }
    }
    const changed = this.#changed;
    this.#changed = false;
    return { failure, changed };
  }

  /** Stops the runs under way (their finished steps are kept) and lets new ones start afresh. */
  stop(): void {
    this.#controller.abort();
    this.#controller = new AbortController();
  }

  async #quietly(store: SaveStore, runId: number): Promise<void> {
    try {
      await this.#run(store, runId);
    } catch {
      // The save was closed or forked away under the run: its rows say where it stopped, and it resumes from there.
    }
  }

  async #run(store: SaveStore, runId: number): Promise<WorkflowOutcome> {
    const deps = this.#deps;
    const run = store.boundaryRun(runId);
    const turn = run?.turnNumber ?? 0;
    const outcome = await runBoundaryWorkflow(
      {
        store,
        handlers: deps.handlers ?? BOUNDARY_HANDLERS,
        pack: deps.pack,
        prompts: deps.prompts,
        personaId: store.meta().personaId,
        router: deps.router,
        clock: deps.clock,
        emit: deps.emit,
        stageTimeoutMs: deps.stageTimeoutMs,
        landscape: () => landscapeAt(store, deps.pack, turn),
        signal: this.#controller.signal,
        onProgress: (progress) =>
          deps.emit({
            type: 'boundary.progress',
            saveId: store.id,
            turn: progress.turn,
            step: progress.step,
            status: progress.status,
            done: progress.done,
            total: progress.total,
          }),
      },
      runId,
    );
    if (outcome.status === 'done') this.#changed = true;
    return outcome;
  }
}

/**
 * The turn that waited for a boundary which still fails, announced like any stage failure. An input /retry can play
 * again is recorded as a failed turn (/retry resumes the boundary first); a command is not (the player types it again,
 * and /retry keeps pointing at the turn it was retrying).
 */
export function recordBoundaryFailure(
  deps: { readonly store: SaveStore; readonly clock: Clock; readonly emit: (event: EngineEvent) => void },
  turn: number,
  failure: BoundaryFailure,
  retryable: unknown,
): PlayResult {
  const { store } = deps;
  const reason = `the scene boundary after turn ${failure.turn} did not finish: ${failure.step} failed (${failure.reason})`;
  if (retryable !== null) {
    const input = JSON.stringify(retryable);
    store.recordFailedTurn({ input, startedAt: deps.clock.now(), durationMs: 0, stage: 'engine', reason });
  }
  deps.emit({ type: 'turn.failed', saveId: store.id, turn, stage: 'engine', reason });
  return { kind: 'failed', saveId: store.id, turn, stage: 'engine', reason };
}
