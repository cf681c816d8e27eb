import { PromptBook } from '../prompts/index.ts';
import type { SaveLibrary } from '../store/index.ts';
import { PlaySession, type SubmitResult } from '../turn/index.ts';
import type { HostContext } from './context.ts';
import type { LlmRouting } from './llm-routing.ts';
import type { PackRegistry } from './pack-registry.ts';

const STAGE_TIMEOUT_MS = 180_000;
const HISTORY_WINDOW = 400;

/** Open play sessions by save id; a fork (undo, retry) moves the session to its new save id. */
export class Sessions {
  readonly #sessions = new Map<string, PlaySession>();
  readonly #running = new Map<string, AbortController>();
  readonly #deps: { context: HostContext; library: SaveLibrary; packs: PackRegistry; routing: LlmRouting };

  constructor(deps: { context: HostContext; library: SaveLibrary; packs: PackRegistry; routing: LlmRouting }) {
    this.#deps = deps;
  }

  async submit(saveId: string, text: string, thought: string | null): Promise<SubmitResult> {
    const session = await this.#open(saveId);
    const controller = new AbortController();
    this.#running.set(saveId, controller);
    try {
      const result = await session.submit(text, thought, controller.signal);
      if (session.saveId !== saveId) {
        this.#sessions.delete(saveId);
        this.#sessions.set(session.saveId, session);
      }
      return result;
    } finally {
      this.#running.delete(saveId);
    }
  }

  cancel(saveId: string): boolean {
    const controller = this.#running.get(saveId);
    controller?.abort();
    return controller !== undefined;
  }

  /** A save being deleted or renamed elsewhere must not be held open here. */
  release(saveId: string): void {
    this.#sessions.get(saveId)?.close();
    this.#sessions.delete(saveId);
  }

  closeAll(): void {
    for (const session of this.#sessions.values()) session.close();
    this.#sessions.clear();
  }

  async #open(saveId: string): Promise<PlaySession> {
    const existing = this.#sessions.get(saveId);
    if (existing !== undefined) return existing;
    const { context, library, packs, routing } = this.#deps;
    const store = await library.open(saveId);
    const packId = store.meta().packId;
    store.close();
    const pack = await packs.pack(packId);
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
      },
      saveId,
    );
    this.#sessions.set(saveId, session);
    return session;
  }
}
