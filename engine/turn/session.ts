import type { PlayResult, StreamMessage } from '../api/index.ts';
import type { NewMessage, SaveLibrary, SaveStore } from '../store/index.ts';
import { NARRATOR_OWNER } from '../stream/index.ts';
import { restoreProfilesState } from '../npc/index.ts';
import type { NpcState } from '../boundary/index.ts';
import { boundaryRun, type ClosingScene } from './boundary-snapshot.ts';
import { parseInput, type ParsedInput } from './commands.ts';
import { opensScene, PLAY_STATE_CHECKPOINT, type PlayState } from './play-state.ts';
import { runTurn, type TurnInput, type TurnSetup } from './run-turn.ts';
import { nextNarratorPrompt } from './next-narrator-prompt.ts';
import { nextPromptHeads, warmHeads } from './prompt-heads.ts';
import { warmChronicler } from './chronicler-warm-up.ts';
import { closingNow, warmOffscreen, warmReflections } from './offscreen-warm-up.ts';
import { warmInterpretation } from './next-interpret-prompt.ts';
import { sceneOpeningFor } from './scene-opening.ts';
import { BackgroundRuns, recordRunFailure, type RunFailure, type SceneBoundaryDeps } from './background-runs.ts';
import { markerMessages } from './scene-markers.ts';
import { greetingTurn } from './greeting-turn.ts';
import { StageFailure } from './stage-failure.ts';
import { toStreamEntry, toStreamMessage } from './stream-entries.ts';
import { retryableInput } from './stored-input.ts';
import { planTurnCommit } from './turn-commit.ts';
import { offstageLives } from './offstage-lives.ts';
import { ownStandings } from './own-standings.ts';
import { npcStateForTurn } from './turn-knowledge.ts';
import { playMacros, type PlayMacros } from './play-macros.ts';
import { errorMessage } from '../api/index.ts';
import { offersChoices } from './choices.ts';
import { createdAt, createdNames } from './creation/created.ts';
import { creationOffer } from './creation/offer.ts';
import { SessionCache } from './session-cache.ts';
import { discardsLastTurn, runCommand, type CommandHost } from './session-commands.ts';

/** What a session needs: what its scene boundaries need, the save library, and how much history a turn loads. */
export interface SessionDeps extends SceneBoundaryDeps {
  readonly library: SaveLibrary;
  /** How many past messages a turn loads as history. */
  readonly historyWindow: number;
  /** The player's setting: may the Narrator offer suggested next actions (on when absent; see choices.ts)? */
  readonly choicesSetting?: () => boolean;
  /** The player's setting: may the next Narrator prompt be warmed while they read (on when absent; see #warmNext)? */
  readonly warmUpSetting?: () => boolean;
}

export type SubmitResult = PlayResult;

/** One save being played: the player's input goes in, committed turns (or a failed stage) come out. */
export class PlaySession {
  readonly #deps: SessionDeps;
  #store: SaveStore;
  #busy = false;
  #closeAfterTurn = false;
  /** What the next turn starts from, event runtime included: kept so a turn does not re-read the save. */
  readonly #cache: SessionCache;
  /** What the out-of-character commands may do with this session (session-commands.ts). */
  readonly #commands: CommandHost;
  /** After-turn work and scene-boundary runs working in the background while the player reads and types. */
  readonly #background: BackgroundRuns;
  /** The warm-up of the next Narrator prompt under way, stopped by the player's next input (see #warmNext). */
  #warming = new AbortController();

  /** The macro values of a prompt or a greeting, at an in-world time, for a character (see play-macros.ts). */
  readonly #macros: PlayMacros['values'];

  private constructor(deps: SessionDeps, store: SaveStore, macros: PlayMacros['values']) {
    this.#deps = deps;
    this.#macros = macros;
    this.#store = store;
    this.#background = new BackgroundRuns(deps, () => this.#store);
    this.#cache = new SessionCache(() => this.#store, deps.pack, deps.historyWindow);
    this.#commands = {
      store: () => this.#store,
      pack: () => this.#cache.pack(),
      historyWindow: deps.historyWindow,
      current: () => this.#cache.current(),
      play: (input, signal) => this.#play(input, signal),
      commitMarkers: (input, markerState, nextState, reason) =>
        this.#commitMarkers(input, markerState, nextState, reason),
      forkAt: (turn, reason) => this.#forkAt(turn, reason),
      settleRuns: () => this.#ranInBackground(this.#background.settle()),
      runFailed: (failure, parsed) => this.#runFailed(failure, parsed),
      notice: (message, problem) => this.#notice(message, problem),
    };
  }

  /** Plays the save with this id, or a store of it already open for writing (the session closes it). */
  static async open(deps: SessionDeps, save: string | SaveStore): Promise<PlaySession> {
    const store = typeof save === 'string' ? await deps.library.open(save) : save;
    const macros = playMacros(deps.pack, store.meta().personaId);
    const played: SessionDeps = {
      ...deps,
      pack: macros.pack,
      prompts: deps.prompts.withMacros((variables) => macros.values(session.#inWorldTime(), stageCharacter(variables))),
    };
    const session: PlaySession = new PlaySession(played, store, macros.values);
    // A run a crash interrupted picks up where its rows say it stopped.
    session.#background.resumeUnfinished();
    session.#warmNext();
    return session;
  }

  get saveId(): string {
    return this.#store.id;
  }

  get store(): SaveStore {
    return this.#store;
  }

  async submit(
    text: string,
    thought: string | null = null,
    signal: AbortSignal = new AbortController().signal,
  ): Promise<SubmitResult> {
    if (this.#busy) return this.#notice('A turn is already being played; wait for it to finish.');
    this.#busy = true;
    this.#warming.abort();
    try {
      const parsed = parseInput(text, thought);
      if (parsed.kind === 'invalid') return this.#notice(parsed.message);
      const failure = await this.#settleBackground(parsed, discardsLastTurn(this.#store, parsed));
      if (failure !== null) return this.#runFailed(failure, parsed);
      if (parsed.kind === 'intention')
        return await this.#play({ intention: parsed.intention, thought: parsed.thought }, signal);
      return await runCommand(this.#commands, parsed.command, signal);
    } finally {
      this.#busy = false;
      if (this.#closeAfterTurn) this.close();
      else this.#warmNext();
    }
  }

  /**
   * Waits for the after-turn work of the turns played so far (a turn's extractors run after it has resolved): the
   * failure of a step that still fails after its retries, or null. The save then holds everything the turns derived.
   */
  settle(): Promise<RunFailure | null> {
    return this.#ranInBackground(this.#background.settle('after_turn'));
  }

  close(): void {
    this.#warming.abort();
    this.#background.stop();
    this.#store.close();
  }

  /** Closes now if idle, else as soon as the turn in progress has committed or failed. */
  closeWhenIdle(): void {
    if (this.#busy) this.#closeAfterTurn = true;
    else this.close();
  }

  async #play(input: TurnInput, signal: AbortSignal): Promise<SubmitResult> {
    const deps = this.#deps;
    const store = this.#store;
    const cache = this.#cache.current();
    const turn = cache.turns + 1;
    const startedAt = deps.clock.now();
    const started = deps.clock.monotonic();
    const stageLog: Parameters<typeof runTurn>[2] = [];
    // The knowledge graphs as the last boundary (or the last turn's lore) left them: each prompt reads its own view.
    const npc = npcStateForTurn(store, this.#cache.pack());
    const reflected = this.#memories(npc);
    deps.emit({ type: 'turn.started', saveId: store.id, turn });
    try {
      const setup = this.#turnSetup(npc, signal);
      const opening = setup.opening ?? null;
      const outcome = await runTurn(
        { ...setup, events: this.#cache.events(), memories: async () => (await reflected()).knowledge },
        input,
        stageLog,
      );
      // The turn commits on the npc state the last scene's reflections left, whether or not a call waited for them.
      const after = await reflected();
      const plan = planTurnCommit(setup.pack, { turn, before: cache.state, outcome, npc: after, opening });
      const committed = store.commitTurn({
        input: JSON.stringify(input),
        startedAt,
        durationMs: deps.clock.monotonic() - started,
        stageCalls: outcome.stageLog,
        messages: outcome.messages,
        rngState: outcome.rngState,
        checkpoint: { kind: PLAY_STATE_CHECKPOINT, data: plan.next },
        checkpoints: plan.checkpoints,
        ledger: plan.ledger,
        ...(plan.closes === null ? {} : this.#boundaryRun(plan.closes)),
        ...(plan.afterTurn === null ? {} : { afterTurn: plan.afterTurn }),
        basedOnTurn: cache.turns,
      });
      // Prose first: the turn resolves now, and its extractors run while the player reads and types.
      if (committed.afterTurnRunId !== undefined) this.#background.start(committed.afterTurnRunId);
      if (committed.boundaryRunId !== undefined) this.#background.start(committed.boundaryRunId);
      // The next turn starts from this one: its messages, its state and the event runtime it ended with.
      this.#cache.committed(committed.messages.map(toStreamEntry), plan.next, outcome.events.runtime);
      return this.#committed(committed.messages.map(toStreamMessage), turn, outcome.choices);
    } catch (error) {
      const failure =
        error instanceof StageFailure
          ? error
          : new StageFailure('engine', 'engine', errorMessage(error), { cause: error });
      store.recordFailedTurn({
        input: JSON.stringify(input),
        startedAt,
        durationMs: deps.clock.monotonic() - started,
        stageCalls: stageLog,
        stage: failure.stage,
        reason: failure.reason,
      });
      deps.emit({ type: 'turn.failed', saveId: store.id, turn, stage: failure.stage, reason: failure.reason });
      return { kind: 'failed', saveId: store.id, turn, stage: failure.stage, reason: failure.reason };
    }
  }

  /**
   * While the player reads: once the background runs have written everything the next turn reads, the Narrator's next
   * prompt is put through its model up to where the player's input goes (see nextNarratorPrompt), so the turn's first
   * prose waits only for the input and the turn's guidance; then each present character's head (see nextPromptHeads),
   * which its intent or dialog line next turn begins with; then Stage 4's (see warmInterpretation) and the state
   * extractors' heads, which run after that prose; then the Chronicler's, the off-screen stages' and the reflections',
   * as a close of the scene now would read them (see closingNow, warmChronicler, warmOffscreen and warmReflections).
   * A provider without a cache of its own has nothing to warm; the next input stops it at once, and a failure only
   * costs the head start.
   */
  #warmNext(): void {
    const warming = new AbortController();
    this.#warming = warming;
    // Off as the player reads, or switched off while the background runs finish: no head start this time.
    const allowed = () => this.#deps.warmUpSetting?.() !== false;
    const warm = async (): Promise<void> => {
      if (!allowed() || !(await this.#background.quiet()) || warming.signal.aborted || this.#busy || !allowed()) return;
      const provider = await this.#deps.router.forStage('narrator');
      if (provider.warm === undefined || warming.signal.aborted) return;
      // The runs wrote to the save since the session last read it.
      this.#cache.invalidate();
      const npc = npcStateForTurn(this.#store, this.#cache.pack());
      const setup = this.#turnSetup(npc, warming.signal);
      const next = { ...setup, events: this.#cache.events() };
      const messages = nextNarratorPrompt(next);
      await provider.warm({ stage: 'narrator', principal: NARRATOR_OWNER, messages, signal: warming.signal });
      const heads = nextPromptHeads(setup);
      await warmHeads(this.#deps.router, heads, ['npc_intent'], warming.signal);
      await warmInterpretation(this.#deps.router, next, warming.signal);
      const extractors = ['persona_extractor', 'character_extractor', 'lore_extractor'] as const;
      await warmHeads(this.#deps.router, heads, extractors, warming.signal);
      const closing = closingNow(setup.pack, this.#store, setup, npc);
      await warmChronicler(setup, closing, warming.signal);
      await warmOffscreen(setup, closing, warming.signal);
      // A scene yet to begin has no lines of its own to reflect on: the close would read those of its first turn.
      if (!opensScene(setup.state)) await warmReflections(setup, closing, warming.signal);
    };
    warm().catch(() => undefined);
  }

  /** What the next turn starts from, but for its truth set: the session's state and history, the save's npc state. */
  #turnSetup(npc: NpcState, signal: AbortSignal): Omit<TurnSetup, 'events'> {
    const deps = this.#deps;
    const store = this.#store;
    const cache = this.#cache.current();
    const meta = store.meta();
    const pack = this.#cache.pack();
    const opening = sceneOpeningFor(store, pack, cache.state, npc);
    return {
      saveId: store.id,
      pack,
      personaId: meta.personaId,
      prompts: deps.prompts,
      router: deps.router,
      clock: deps.clock,
      rng: deps.rng.fromState(meta.rngState),
      emit: deps.emit,
      signal,
      stageTimeoutMs: deps.stageTimeoutMs,
      state: cache.state,
      knowledge: npc.knowledge,
      roster: npc.roster,
      partialProfiles: restoreProfilesState(npc.profiles).partial,
      offstage: offstageLives(npc),
      standings: ownStandings(npc, pack, meta.personaId),
      turn: cache.turns + 1,
      history: cache.history,
      ...(opening === null ? {} : { opening }),
      offerChoices: offersChoices(pack, deps.choicesSetting?.() ?? true),
      creation: creationOffer(pack, cache.state, createdAt(store)),
    };
  }

  /** Opens a new game on one of the pack's card greetings: a turn of its own, before the player's first. */
  greet(index: number): SubmitResult {
    if (this.#cache.current().turns > 0) return this.#notice('The story has begun; a greeting only opens a new game.');
    const opening = greetingTurn(this.#cache.pack(), this.#cache.current().state, index, this.#macros);
    if ('notice' in opening) return this.#notice(opening.notice);
    return this.#commitQuiet(`greeting ${index + 1}`, opening.messages, opening.next);
  }

  /**
   * Commands that change the scene commit a turn of scene markers only: the player sees the break at once, and the
   * scene's boundary starts with the turn, in the background.
   */
  #commitMarkers(
    input: string,
    markerState: PlayState,
    nextState: PlayState,
    reason: ClosingScene['reason'],
  ): SubmitResult {
    const turn = this.#cache.current().turns + 1;
    const messages: NewMessage[] = markerMessages(this.#cache.pack(), markerState);
    const closing = this.#cache.current().state;
    return this.#commitQuiet(
      input,
      messages,
      nextState,
      this.#boundaryRun({ reason, turn, closing, next: nextState, messages, ledger: [] }),
    );
  }

  /** A turn no model writes (scene markers, a greeting): committed at once, on the turn the session built on. */
  #commitQuiet(
    input: string,
    messages: NewMessage[],
    next: PlayState,
    boundary: Partial<ReturnType<typeof boundaryRun>> = {},
  ): SubmitResult {
    const store = this.#store;
    const turn = this.#cache.current().turns + 1;
    this.#deps.emit({ type: 'turn.started', saveId: store.id, turn });
    const committed = store.commitTurn({
      input: JSON.stringify({ command: input }),
      startedAt: this.#deps.clock.now(),
      durationMs: 0,
      messages,
      rngState: store.meta().rngState,
      checkpoint: { kind: PLAY_STATE_CHECKPOINT, data: next },
      ...boundary,
      basedOnTurn: turn - 1,
    });
    if (committed.boundaryRunId !== undefined) this.#background.start(committed.boundaryRunId);
    this.#cache.committed(committed.messages.map(toStreamEntry), next);
    return this.#committed(committed.messages.map(toStreamMessage), turn);
  }

  #committed(messages: readonly StreamMessage[], turn: number, choices: readonly string[] = []): SubmitResult {
    for (const message of messages) {
      const pendingId = `${message.turn}:${message.seq}`;
      this.#deps.emit({ type: 'message.committed', saveId: this.#store.id, message, pendingId });
    }
    this.#deps.emit({ type: 'turn.finished', saveId: this.#store.id, turn });
    return { kind: 'turn', saveId: this.#store.id, turn, messages, choices, createdNames: createdNames(this.#store) };
  }

  /**
   * The npc state with the reflections a boundary may still be writing as the turn starts (see BackgroundRuns.memories),
   * waited for once, when the turn's first character call (or its commit) needs them. A failure fails the turn.
   */
  #memories(npc: NpcState): () => Promise<NpcState> {
    let waited: Promise<NpcState> | null = null;
    const read = async (): Promise<NpcState> => {
      const { failure, changed } = await this.#background.memories();
      if (failure !== null) {
        const reason = `the scene boundary after turn ${failure.turn} did not finish: ${failure.step} failed (${failure.reason})`;
        throw new StageFailure(failure.stage, failure.step, reason);
      }
      return changed ? npcStateForTurn(this.#store, this.#cache.pack()) : npc;
    };
    return () => (waited ??= read());
  }

  /** The run to start with a closing turn: the scene's snapshot and the workflow's steps. */
  #boundaryRun(scene: Omit<ClosingScene, 'personaId'>) {
    return boundaryRun(this.#store, this.#cache.pack(), { ...scene, personaId: this.#store.meta().personaId });
  }

  /**
   * The next turn needs the last turn's after-turn work and the last scene's boundary (see BackgroundRuns.before); once
   * a run has finished, the turn starts from what it wrote.
   */
  #settleBackground(parsed: ParsedInput, discards = false): Promise<RunFailure | null> {
    return this.#ranInBackground(this.#background.before(parsed, discards));
  }

  /** Once runs have finished: a run that wrote to the save (states, lore, Stage 4's reconciliation) invalidates the cache. */
  async #ranInBackground(
    settling: Promise<{ readonly failure: RunFailure | null; readonly changed: boolean }>,
  ): Promise<RunFailure | null> {
    const { failure, changed } = await settling;
    if (changed) this.#cache.invalidate();
    return failure;
  }

  /** A run that still fails after its retries fails the turn that waited for it, loudly; /retry resumes it. */
  #runFailed(failure: RunFailure, parsed: ParsedInput): SubmitResult {
    const turn = this.#cache.current().turns + 1;
    const deps = { store: this.#store, clock: this.#deps.clock, emit: this.#deps.emit };
    return recordRunFailure(deps, turn, failure, retryableInput(parsed));
  }

  async #forkAt(turn: number, reason: 'undo' | 'retry'): Promise<void> {
    const from = this.#store.id;
    const summary = await this.#deps.library.fork(this.#store, { uptoTurn: turn, title: this.#store.meta().title });
    const next = await this.#deps.library.open(summary.id);
    this.#store.close();
    this.#store = next;
    this.#cache.invalidate();
    // A fork taken at a closing turn carries its unfinished runs: they go on in the fork.
    this.#background.resumeUnfinished();
    this.#deps.emit({ type: 'save.forked', from, to: next.id, reason });
    this.#deps.emit({ type: 'saves.changed' });
  }

  /** The in-world time prompts are rendered at: the state the running turn (or boundary) started from. */
  #inWorldTime(): string {
    return this.#cache.current().state.time;
  }

  #notice(message: string, problem = true): SubmitResult {
    return { kind: 'notice', saveId: this.#store.id, message, problem };
  }
}

/** The character whose stage a prompt is for (its variables' `char.id`), or null (the Narrator, extractors …). */
function stageCharacter(variables: object): string | null {
  const char: unknown = 'char' in variables ? variables.char : undefined;
  return typeof char === 'object' && char !== null && 'id' in char && typeof char.id === 'string' ? char.id : null;
}
