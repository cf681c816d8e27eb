import type { LlamaModel, Token } from 'node-llama-cpp';

/** Tokens of context given to the detokenizer, so a piece's leading space is rendered as it is in the full text. */
const DETOKENIZE_CONTEXT = 4;
/** A multi-byte character split over byte tokens takes at most 4 tokens; after that, emit what we have. */
const MAX_INCOMPLETE_TOKENS = 4;
const REPLACEMENT_CHARACTER = '\uFFFD';

/**
 * Turns generated tokens into text incrementally. Each `push` returns the text that became final (the streaming
 * delta); text that may be the start of a stop trigger is held back until it is known not to be one.
 * The deltas joined always equal `text`. When nothing streams and no stop text is watched, tokens are only
 * collected and detokenized once at the end: the hot loop then does no per-token text work at all.
 */
export class ReplyText {
  /** Everything emitted so far. */
  text = '';
  /** Set once a stop text appeared; the text before it was emitted and generation should stop. */
  stopped = false;
  private readonly decoded: Token[] = [];
  private undecoded: Token[] = [];
  private held = '';
  private readonly model: LlamaModel;
  private readonly stopTexts: readonly string[];
  private readonly trimTrailingWhitespace: boolean;
  private readonly incremental: boolean;

  /** `trimTrailingWhitespace`: whitespace is only released once more text follows it (JSON grammars end in newlines). */
  constructor(
    model: LlamaModel,
    options: { stopTexts: readonly string[]; trimTrailingWhitespace: boolean; streaming: boolean },
  ) {
    this.model = model;
    this.stopTexts = options.stopTexts;
    this.trimTrailingWhitespace = options.trimTrailingWhitespace;
    this.incremental = options.streaming || options.stopTexts.length > 0;
  }

  /** All the text decoded so far, what is held back included (a multi-byte character still in pieces aside). */
  get soFar(): string {
    return this.text + this.held;
  }

  push(token: Token): string {
    this.undecoded.push(token);
    if (!this.incremental) return '';
    const piece = this.decodeUndecoded();
    if (piece.endsWith(REPLACEMENT_CHARACTER) && this.undecoded.length < MAX_INCOMPLETE_TOKENS) return '';
    this.decoded.push(...this.undecoded);
    this.undecoded = [];
    return this.release(this.held + piece, false);
  }

  /** Everything still held back, as the last delta. */
  finish(): string {
    if (this.stopped) return '';
    const piece = this.undecoded.length > 0 ? this.decodeUndecoded() : '';
    this.undecoded = [];
    return this.release(this.held + piece, true);
  }

  private decodeUndecoded(): string {
    const context = this.decoded.length > 0 ? this.decoded.slice(-DETOKENIZE_CONTEXT) : undefined;
    return this.model.detokenize(this.undecoded, false, context);
  }

  private release(candidate: string, final: boolean): string {
    let emit = candidate;
    let held = '';
    const stopAt = this.stopTexts.length > 0 ? firstStopIndex(candidate, this.stopTexts) : -1;
    if (stopAt >= 0) {
      emit = candidate.slice(0, stopAt);
      this.stopped = true;
    } else if (!final && this.stopTexts.length > 0) {
      const hold = heldBackLength(candidate, this.stopTexts);
      emit = candidate.slice(0, candidate.length - hold);
      held = candidate.slice(candidate.length - hold);
    }
    if (this.trimTrailingWhitespace) {
      const trimmed = emit.trimEnd();
      if (!final && !this.stopped) held = emit.slice(trimmed.length) + held;
      emit = trimmed;
    }
    this.held = held;
    this.text += emit;
    return emit;
  }
}

function firstStopIndex(text: string, stopTexts: readonly string[]): number {
  let first = -1;
  for (const stop of stopTexts) {
    const index = text.indexOf(stop);
    if (index >= 0 && (first < 0 || index < first)) first = index;
  }
  return first;
}

/** Length of the longest suffix of `text` that is a proper prefix of some stop text. */
function heldBackLength(text: string, stopTexts: readonly string[]): number {
  let longest = 0;
  for (const stop of stopTexts) {
    for (let length = Math.min(stop.length - 1, text.length); length > longest; length--) {
      if (text.endsWith(stop.slice(0, length))) {
        longest = length;
        break;
      }
    }
  }
  return longest;
}
