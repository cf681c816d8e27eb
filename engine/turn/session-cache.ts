import type { StoryPack } from '../pack/index.ts';
import type { SaveStore } from '../store/index.ts';
import type { StreamEntry } from '../stream/index.ts';
import { initialEventState, loadEventRuntime, type EventRuntime, type EventTurnInput } from './classify/index.ts';
import { PLAY_STATE_CHECKPOINT, initialPlayState, playStateFromCheckpoint, type PlayState } from './play-state.ts';
import { toStreamEntry } from './stream-entries.ts';
import { playedPack } from './creation/created.ts';

/** What the next turn starts from: the recent history, the play state and how many turns the save holds. */
export interface SessionStart {
  readonly history: readonly StreamEntry[];
  readonly state: PlayState;
  readonly turns: number;
}

/**
 * What a session keeps between turns so that a turn does not re-read the save: what the next turn starts from, the
 * event runtime (truth set, triggers, landscape) and the pack as the save plays it. Read from the save when first needed, moved on as turns commit,
 * and dropped, all of it at once, by `invalidate()` whenever the save changed under it.
 */
export class SessionCache {
  readonly #save: () => SaveStore;
  readonly #base: StoryPack;
  readonly #historyWindow: number;
  /** The pack as this save plays it: the pack's own content and what the story created (creation/created.ts). */
  #played: StoryPack | null = null;
  #start: SessionStart | null = null;
  #events: EventRuntime | null = null;

  constructor(save: () => SaveStore, pack: StoryPack, historyWindow: number) {
    this.#save = save;
    this.#base = pack;
    this.#historyWindow = historyWindow;
  }

  pack(): StoryPack {
    this.#played ??= playedPack(this.#base, this.#save());
    return this.#played;
  }

  current(): SessionStart {
    const store = this.#save();
    this.#start ??= {
      history: store.lastMessages(this.#historyWindow).map(toStreamEntry),
      state: this.#savedState(store),
      turns: store.summary().turnCount,
    };
    return this.#start;
  }

  /** The event system's part of what the next turn starts from: the runtime (the turn works on a copy) and the state. */
  events(): EventTurnInput {
    const store = this.#save();
    const { state } = this.current();
    const events = state.events ?? initialEventState(this.pack(), state, store.meta().personaId);
    this.#events ??= loadEventRuntime(this.pack(), store.meta().personaId, store, events);
    return { runtime: this.#events, state: events };
  }

  /**
   * A turn committed: the next starts from its state and messages, and from the event runtime it ended with (a turn
   * no model writes leaves the event runtime as it was).
   */
  committed(messages: readonly StreamEntry[], state: PlayState, events: EventRuntime | null = null): void {
    const start = this.current();
    const history = [...start.history, ...messages];
    this.#start = {
      history: history.slice(Math.max(0, history.length - this.#historyWindow)),
      state,
      turns: start.turns + 1,
    };
    if (events !== null) this.#events = events;
  }

  /** The save changed under the session (a background run wrote to it, or the session forked): read it again. */
  invalidate(): void {
    this.#start = null;
    this.#events = null;
    this.#played = null;
  }

  #savedState(store: SaveStore): PlayState {
    const checkpoint = store.latestCheckpoint(PLAY_STATE_CHECKPOINT);
    if (checkpoint === null) return initialPlayState(this.pack(), store.meta().personaId);
    return playStateFromCheckpoint(checkpoint.data, store.path);
  }
}
