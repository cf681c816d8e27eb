import type { SettledWork } from '../api/index.ts';
import { PromptBook } from '../prompts/index.ts';
import type { SaveLibrary, SaveStore } from '../store/index.ts';
import { PlaySession, type SubmitResult } from '../turn/index.ts';
import type { HostContext } from './context.ts';
import type { LlmRouting } from './llm-routing.ts';
import type { PackRegistry } from './pack-registry.ts';

const STAGE_TIMEOUT_MS = 180_000;
const HISTORY_WINDOW = 400;

interface OpenSession {
  readonly session: PlaySession;
  /** The turn being played, if any: cancel aborts it. */
  running: AbortController | null;
}

/**
 * Open play sessions by save id. The pending open is cached so two calls never build two sessions for one save;
 * a fork (undo, retry) moves the session to its new save id, its running turn with it.
 */
export class Sessions {
  readonly #sessions = new Map<string, Promise<OpenSession>>();
  readonly #deps: { context: HostContext; library: SaveLibrary; packs: PackRegistry; routing: LlmRouting };

  constructor(deps: { context: HostContext; library: SaveLibrary; packs: PackRegistry; routing: LlmRouting }) {
    this.#deps = deps;
  }

  async submit(saveId: string, text: string, thought: string | null): Promise<SubmitResult> {
    const open = await this.#open(saveId);
    if (open.running !== null) {
      return {
        kind: 'notice',
        saveId,
        message: 'A turn is already being played; wait for it to finish.',
        problem: true,
      };
    }
    const controller = new AbortController();
    open.running = controller;
    try {
      const result = await open.session.submit(text, thought, controller.signal);
      if (open.session.saveId !== saveId) {
        this.#sessions.delete(saveId);
        this.#sessions.set(open.session.saveId, Promise.resolve(open));
      }
      return result;
    } finally {
      open.running = null;
    }
  }

  /**
   * Opens the save for play now, if it is not open yet: its writer lock is taken (a save open in another process is
   * refused with `save_in_use`) and the durable runs a crash or a stop left unfinished resume at once, in the
   * background, not at the first input.
   */
  async open(saveId: string): Promise<void> {
    await this.#open(saveId);
  }

  /** The open store of a save being played here, or null: reads go through it instead of opening the file again. */
  async storeOf(saveId: string): Promise<SaveStore | null> {
    const open = await this.#sessions.get(saveId)?.catch(() => null);
    return open?.session.saveId === saveId ? open.session.store : null;
  }

  /** Opens a new save on one of its pack's greetings (see PlaySession.greet). */
  async greet(saveId: string, index: number): Promise<SubmitResult> {
    const open = await this.#open(saveId);
    return open.session.greet(index);
  }

  /** Waits for the save's after-turn work (see PlaySession.settle). */
  async settle(saveId: string): Promise<SettledWork> {
    const open = await this.#open(saveId);
    const failure = await open.session.settle();
    return { failure: failure === null ? null : { turn: failure.turn, step: failure.step, reason: failure.reason } };
  }

  async cancel(saveId: string): Promise<boolean> {
    for (const pending of this.#sessions.values()) {
      const open = await pending.catch(() => null);
      if (open?.running && (open.session.saveId === saveId || pending === this.#sessions.get(saveId))) {
        open.running.abort();
        return true;
      }
    }
    return false;
  }

  /** A save being deleted must not be held open here; a turn in progress on it is cancelled first. */
  async release(saveId: string): Promise<void> {
    const pending = this.#sessions.get(saveId);
    this.#sessions.delete(saveId);
    const open = await pending?.catch(() => null);
    open?.running?.abort();
    open?.session.close();
  }

  /** Closes idle sessions now and busy ones when their turn ends (new LLM routing applies to the next turn). */
  async closeAll(): Promise<void> {
    const pending = [...this.#sessions.values()];
    this.#sessions.clear();
    for (const open of await Promise.all(pending.map((p) => p.catch(() => null)))) {
      if (open === null) continue;
      if (open.running === null) open.session.close();
      else open.session.closeWhenIdle();
    }
  }

  #open(saveId: string): Promise<OpenSession> {
    const existing = this.#sessions.get(saveId);
    if (existing !== undefined) return existing;
    const opening = this.#create(saveId);
    this.#sessions.set(saveId, opening);
    opening.catch(() => {
      if (this.#sessions.get(saveId) === opening) this.#sessions.delete(saveId);
    });
    return opening;
  }

  async #create(saveId: string): Promise<OpenSession> {
    const { context, library, packs, routing } = this.#deps;
    // Opened once, for writing, and handed to the session: one integrity check, one connection, the lock held.
    const store = await library.open(saveId);
    let pack;
    try {
      pack = await packs.pack(store.meta().packId);
    } catch (error) {
      store.close();
      throw error;
    }
    const session = await PlaySession.open(
      {
        library,
        pack,
        prompts: PromptBook.create(pack.prompts).book,
        router: routing.router(),
        clock: context.ports.clock,
        rng: context.ports.rng,
        emit: (event) => context.events.emit(event),
        stageTimeoutMs: STAGE_TIMEOUT_MS,
        historyWindow: HISTORY_WINDOW,
        choicesSetting: () => context.settings.get().play.choices,
        warmUpSetting: () => context.settings.get().play.warmUp,
      },
      store,
    );
    return { session, running: null };
  }
}
