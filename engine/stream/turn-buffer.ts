import type { StreamEntry, MessageType, StreamMeta } from './types.ts';

export interface NewMessage {
  readonly owner: string;
  readonly type: MessageType;
  readonly content: string;
  readonly mood?: string | null;
  readonly meta?: StreamMeta | null;
}

/**
 * The messages of the turn in progress. They are pending until the turn commits as a whole; seq is assigned as each
 * lands, from 1. Nothing here is ever written to the save on its own.
 */
export class TurnBuffer {
  readonly turn: number;
  readonly #history: readonly StreamEntry[];
  readonly #pending: StreamEntry[] = [];

  constructor(turn: number, history: readonly StreamEntry[]) {
    this.turn = turn;
    this.#history = history;
  }

  append(message: NewMessage): StreamEntry {
    const entry: StreamEntry = {
      turn: this.turn,
      seq: this.#pending.length + 1,
      owner: message.owner,
      type: message.type,
      content: message.content,
      mood: message.mood ?? null,
      meta: message.meta ?? null,
    };
    this.#pending.push(entry);
    return entry;
  }

  /** The seq the next appended message will get (a round starts there). */
  nextSeq(): number {
    return this.#pending.length + 1;
  }

  pending(): readonly StreamEntry[] {
    return this.#pending;
  }

  /** History plus everything appended so far, in stream order. */
  stream(): readonly StreamEntry[] {
    return [...this.#history, ...this.#pending];
  }
}
