import type { PlayResult, StreamMessage } from '../api/index.ts';
import type { NewMessage, SaveLibrary, SaveStore } from '../store/index.ts';
import type { StreamEntry } from '../stream/index.ts';
import { initialEventState, loadEventRuntime, type EventRuntime, type EventState } from './classify/index.ts';
import { restoreProfilesState } from '../npc/index.ts';
import type { NpcState } from '../boundary/index.ts';
import { boundaryRun, type ClosingScene } from './boundary-snapshot.ts';
import { OOC_COMMANDS, parseInput, type OocCommand, type ParsedInput } from './commands.ts';
import { charactersPresent } from './prompt-view.ts';
import { PLAY_STATE_CHECKPOINT, initialPlayState, playStateFromCheckpoint, type PlayState } from './play-state.ts';
import { runTurn, type TurnInput } from './run-turn.ts';
import { sceneOpeningFor } from './scene-opening.ts';
import { BackgroundRuns, recordRunFailure, type RunFailure, type SceneBoundaryDeps } from './background-runs.ts';
import { markerMessages } from './scene-markers.ts';
import { greetingTurn } from './greeting-turn.ts';
import { StageFailure } from './stage-failure.ts';
import { toStreamEntry, toStreamMessage } from './stream-entries.ts';
import { parseStoredInput, retryableInput } from './stored-input.ts';
import { planTurnCommit } from './turn-commit.ts';
import { offstageLives } from './offstage-lives.ts';
import { ownStandings } from './own-standings.ts';
import { npcStateForTurn } from './turn-knowledge.ts';
import { addMinutes } from './world-time.ts';
import { playMacros, type PlayMacros } from './play-macros.ts';
import { errorMessage } from '../api/index.ts';
import { findCharacter, type StoryPack } from '../pack/index.ts';
import { createdAt, createdNames, playedPack } from './creation/created.ts';
import { creationOffer } from './creation/offer.ts';
import { latestChoices, offersChoices } from './choices.ts';

/** What a session needs: what its scene boundaries need, the save library, and how much history a turn loads. */
export interface SessionDeps extends SceneBoundaryDeps {
  readonly library: SaveLibrary;
  /** How many past messages a turn loads as history. */
  readonly historyWindow: number;
  /** The player's setting: may the Narrator offer suggested next actions (on when absent; see choices.ts)? */
  readonly choicesSetting?: () => boolean;
}

export type SubmitResult = PlayResult;

/** One save being played: the player's input goes in, committed turns (or a failed stage) come out. */
export class PlaySession {
  readonly #deps: SessionDeps;
  #store: SaveStore;
  #busy = false;
  #closeAfterTurn = false;
  /** What the next turn starts from, kept after each commit so a turn does not re-read the save; reset on a fork. */
  #cache: { history: StreamEntry[]; state: PlayState; turns: number } | null = null;
  /** The pack with what the save's story created (creation/created.ts); dropped when a run wrote or on a fork. */
  #played: StoryPack | null = null;
  /** The truth set and triggers, live between turns; dropped after a failed turn (it ran on them) or a fork. */
  #events: EventRuntime | null = null;
  /** After-turn work and scene-boundary runs working in the background while the player reads and types. */
  readonly #background: BackgroundRuns;

  /** The macro values of a prompt or a greeting, at an in-world time, for a character (see play-macros.ts). */
  readonly #macros: PlayMacros['values'];

  private constructor(deps: SessionDeps, store: SaveStore, macros: PlayMacros['values']) {
    this.#deps = deps;
    this.#macros = macros;
    this.#store = store;
    this.#background = new BackgroundRuns(deps, () => this.#store);
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
    try {
      const parsed = parseInput(text, thought);
      if (parsed.kind === 'invalid') return this.#notice(parsed.message);
      const failure = await this.#settleBackground(parsed, this.#discardsLastTurn(parsed));
      if (failure !== null) return this.#runFailed(failure, parsed);
      if (parsed.kind === 'intention')
        return await this.#play({ intention: parsed.intention, thought: parsed.thought }, signal);
      return await this.#command(parsed.command, signal);
    } finally {
      this.#busy = false;
      if (this.#closeAfterTurn) this.close();
    }
  }

  /**
   * Waits for the after-turn work of the turns played so far (a turn's extractors run after it has resolved): the
   * failure of a step that still fails after its retries, or null. The save then holds everything the turns derived.
   */
  async settle(): Promise<RunFailure | null> {
    const { failure, changed } = await this.#background.settle('after_turn');
    if (changed) this.#fromSave();
    return failure;
  }

  close(): void {
    this.#background.stop();
    this.#store.close();
  }

  /** Closes now if idle, else as soon as the turn in progress has committed or failed. */
  closeWhenIdle(): void {
    if (this.#busy) this.#closeAfterTurn = true;
    else this.close();
  }

  async #command(command: OocCommand, signal: AbortSignal): Promise<SubmitResult> {
    switch (command.kind) {
      case 'help':
        return this.#notice(OOC_COMMANDS.map((entry) => `${entry.usage} — ${entry.summary}`).join('\n'), false);
      case 'auto':
        return this.#play({ intention: '', thought: null, auto: true }, signal);
      case 'undo':
        return this.#undo();
      case 'retry':
        return this.#retry(signal);
      case 'end_scene': {
        const state = this.#current().state;
        // Markers are written in the closing scene; the next turn opens the next one.
        const closing: PlayState = { ...state, pendingMarkers: [...state.pendingMarkers, { marker: 'scene_close' }] };
        const next: PlayState = { ...state, scene: state.scene + 1, pendingMarkers: [{ marker: 'scene_open' }] };
        return this.#commitMarkers('/end scene', closing, next, 'scene_close');
      }
      case 'skip': {
        const state = this.#current().state;
        const skipped: PlayState = {
          ...state,
          time: addMinutes(state.time, command.minutes),
          pendingMarkers: [...state.pendingMarkers, { marker: 'time_skip', duration: command.duration }],
        };
        return this.#commitMarkers(
          `/skip ${command.duration}`,
          skipped,
          { ...skipped, pendingMarkers: [], sceneOpening: true },
          'time_skip',
        );
      }
      case 'whisper': {
        const target = this.#findPresent(command.target);
        if (target === null) return this.#notice(`Nobody called "${command.target}" is here to whisper to.`);
        return this.#play({ intention: command.intention, thought: null, whisperTo: target }, signal);
      }
    }
  }

  async #play(input: TurnInput, signal: AbortSignal): Promise<SubmitResult> {
    const deps = this.#deps;
    const store = this.#store;
    const cache = this.#current();
    const pack = this.#pack();
    const turn = cache.turns + 1;
    const startedAt = deps.clock.now();
    const started = deps.clock.monotonic();
    const stageLog: Parameters<typeof runTurn>[2] = [];
    const meta = store.meta();
    // The knowledge graphs as the last boundary (or the last turn's lore) left them: each prompt reads its own view.
    const npc = npcStateForTurn(store, pack);
    const opening = sceneOpeningFor(store, pack, cache.state, npc);
    const reflected = this.#memories(npc);
    deps.emit({ type: 'turn.started', saveId: store.id, turn });
    try {
      const outcome = await runTurn(
        {
          saveId: store.id,
          pack: pack,
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
          memories: async () => (await reflected()).knowledge,
          roster: npc.roster,
          partialProfiles: restoreProfilesState(npc.profiles).partial,
          offstage: offstageLives(npc),
          standings: ownStandings(npc, pack, meta.personaId),
          turn,
          history: cache.history,
          ...(opening === null ? {} : { opening }),
          offerChoices: offersChoices(pack, deps.choicesSetting?.() ?? true),
          creation: creationOffer(pack, cache.state, createdAt(store)),
          events: { runtime: this.#eventRuntime(cache.state), state: this.#eventState(cache.state) },
        },
        input,
        stageLog,
      );
      // The turn commits on the npc state the last scene's reflections left, whether or not a call waited for them.
      const after = await reflected();
      const plan = planTurnCommit(pack, { turn, before: cache.state, outcome, npc: after, opening });
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
      this.#advance(committed.messages.map(toStreamEntry), plan.next);
      return this.#committed(committed.messages.map(toStreamMessage), turn, outcome.choices);
    } catch (error) {
      // The failed turn ran on the live truth set: the next one rebuilds it from the save.
      this.#events = null;
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

  /** Opens a new game on one of the pack's card greetings: a turn of its own, before the player's first. */
  greet(index: number): SubmitResult {
    if (this.#current().turns > 0) return this.#notice('The story has begun; a greeting only opens a new game.');
    const opening = greetingTurn(this.#pack(), this.#current().state, index, this.#macros);
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
    const turn = this.#current().turns + 1;
    const messages: NewMessage[] = markerMessages(this.#pack(), markerState);
    const closing = this.#current().state;
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
    const turn = this.#current().turns + 1;
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
    this.#advance(committed.messages.map(toStreamEntry), next);
    return this.#committed(committed.messages.map(toStreamMessage), turn);
  }

  #current(): { history: StreamEntry[]; state: PlayState; turns: number } {
    this.#cache ??= {
      history: this.#store.lastMessages(this.#deps.historyWindow).map(toStreamEntry),
      state: this.#state(),
      turns: this.#store.summary().turnCount,
    };
    return this.#cache;
  }

  #advance(messages: readonly StreamEntry[], state: PlayState): void {
    const cache = this.#current();
    const history = [...cache.history, ...messages];
    this.#cache = {
      history: history.slice(Math.max(0, history.length - this.#deps.historyWindow)),
      state,
      turns: cache.turns + 1,
    };
  }

  #committed(messages: readonly StreamMessage[], turn: number, choices: readonly string[] = []): SubmitResult {
    for (const message of messages) {
      const pendingId = `${message.turn}:${message.seq}`;
      this.#deps.emit({ type: 'message.committed', saveId: this.#store.id, message, pendingId });
    }
    this.#deps.emit({ type: 'turn.finished', saveId: this.#store.id, turn });
    return { kind: 'turn', saveId: this.#store.id, turn, messages, choices, createdNames: createdNames(this.#store) };
  }

  /** Back one turn: the save forks at the previous turn and play continues in the fork. History is never edited. */
  async #undo(): Promise<SubmitResult> {
    const last = this.#current().turns;
    if (last === 0) return this.#notice('There is no turn to undo yet.');
    await this.#forkAt(last - 1, 'undo');
    return this.#forked('undo');
  }

  /** Plays the last turn again: a failed one as it is; a committed one in a fork taken just before it. */
  async #retry(signal: AbortSignal): Promise<SubmitResult> {
    const turns = this.#store.turns();
    const last = turns.at(-1);
    if (last === undefined) return this.#notice('There is no turn to retry yet.');
    const input = parseStoredInput(last.input);
    if (input === null) return this.#notice('The last turn was a command; there is nothing to retry.');
    if (last.status === 'committed') {
      await this.#forkAt(last.number - 1, 'retry');
      // Whatever the fork kept of its runs is resumed and finished before the turn is played again.
      const { failure, changed } = await this.#background.settle();
      if (changed) this.#fromSave();
      if (failure !== null) return this.#runFailed(failure, { kind: 'command', command: { kind: 'retry' } });
    }
    return this.#play(input, signal);
  }

  /** A /retry of a committed turn forks before it: that turn's unfinished runs are thrown away with it. */
  #discardsLastTurn(parsed: ParsedInput): boolean {
    if (parsed.kind !== 'command' || parsed.command.kind !== 'retry') return false;
    return this.#store.turns().at(-1)?.status === 'committed';
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
      return changed ? npcStateForTurn(this.#store, this.#pack()) : npc;
    };
    return () => (waited ??= read());
  }

  /** The run to start with a closing turn: the scene's snapshot and the workflow's steps. */
  #boundaryRun(scene: Omit<ClosingScene, 'personaId'>) {
    return boundaryRun(this.#store, this.#pack(), { ...scene, personaId: this.#store.meta().personaId });
  }

  /**
   * The next turn needs the last turn's after-turn work and the last scene's boundary (see BackgroundRuns.before); once
   * a run has finished, the turn starts from what it wrote.
   */
  async #settleBackground(parsed: ParsedInput, discards = false): Promise<RunFailure | null> {
    const { failure, changed } = await this.#background.before(parsed, discards);
    if (changed) this.#fromSave();
    return failure;
  }

  /** A run wrote to the save (states, lore, Stage 4's reconciliation): the next turn starts from what it holds. */
  #fromSave(): void {
    this.#cache = null;
    this.#events = null;
    this.#played = null;
  }

  /** The pack as this save plays it: the pack's own content and what the story created. */
  #pack(): StoryPack {
    this.#played ??= playedPack(this.#deps.pack, this.#store);
    return this.#played;
  }

  /** A run that still fails after its retries fails the turn that waited for it, loudly; /retry resumes it. */
  #runFailed(failure: RunFailure, parsed: ParsedInput): SubmitResult {
    const turn = this.#current().turns + 1;
    const deps = { store: this.#store, clock: this.#deps.clock, emit: this.#deps.emit };
    return recordRunFailure(deps, turn, failure, retryableInput(parsed));
  }

  async #forkAt(turn: number, reason: 'undo' | 'retry'): Promise<void> {
    const from = this.#store.id;
    const summary = await this.#deps.library.fork(this.#store, { uptoTurn: turn, title: this.#store.meta().title });
    const next = await this.#deps.library.open(summary.id);
    this.#store.close();
    this.#store = next;
    this.#cache = null;
    this.#events = null;
    this.#played = null;
    // A fork taken at a closing turn carries its unfinished runs: they go on in the fork.
    this.#background.resumeUnfinished();
    this.#deps.emit({ type: 'save.forked', from, to: next.id, reason });
    this.#deps.emit({ type: 'saves.changed' });
  }

  #forked(reason: 'undo' | 'retry'): SubmitResult {
    const messages = this.#store.lastMessages(this.#deps.historyWindow).map(toStreamMessage);
    const choices = latestChoices(this.#store);
    return {
      kind: 'forked',
      saveId: this.#store.id,
      reason,
      messages,
      choices,
      createdNames: createdNames(this.#store),
    };
  }

  #eventState(state: PlayState): EventState {
    return state.events ?? initialEventState(this.#pack(), state, this.#store.meta().personaId);
  }

  #eventRuntime(state: PlayState): EventRuntime {
    this.#events ??= loadEventRuntime(this.#pack(), this.#store.meta().personaId, this.#store, this.#eventState(state));
    return this.#events;
  }

  #state(): PlayState {
    const checkpoint = this.#store.latestCheckpoint(PLAY_STATE_CHECKPOINT);
    if (checkpoint === null) return initialPlayState(this.#pack(), this.#store.meta().personaId);
    return playStateFromCheckpoint(checkpoint.data, this.#store.path);
  }

  /** The in-world time prompts are rendered at: the state the running turn (or boundary) started from. */
  #inWorldTime(): string {
    return this.#current().state.time;
  }

  #findPresent(reference: string): string | null {
    return findCharacter(charactersPresent(this.#pack(), this.#current().state), reference)?.id ?? null;
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
