import type { z } from 'zod';
import type { LlmUsage, StageKind } from '../api/index.ts';

/** One chat message. Prompts are ordered stable → volatile so a provider can reuse the cached prefix. */
export interface LlmMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

export interface LlmRequest {
  readonly stage: StageKind;
  /** Whose view the prompt was built from (persona, character id, or "world"); recorded in the stage log. */
  readonly principal?: string;
  readonly messages: readonly LlmMessage[];
  readonly temperature?: number;
  readonly seed?: number;
  readonly maxTokens?: number;
  readonly signal?: AbortSignal;
  /** Streamed text as it is generated; the deltas joined equal the final text. */
  readonly onTextDelta?: (delta: string) => void;
  /**
   * Text the reply must go on with after `sampled` tokens the model chose, '' for none: handed to the model in one
   * batch instead of sampled (the benchmark's replay forces what a JSON grammar would). Only the local provider reads
   * it; an object call's grammar forces its own.
   */
  readonly forcedText?: (sampled: number) => string;
}

export interface LlmObjectRequest<T> extends LlmRequest {
  readonly schema: z.ZodType<T>;
  /** A short identifier for the schema (used by providers that need a name, e.g. OpenAI's json_schema). */
  readonly schemaName: string;
  /**
   * What the reply is to open with, JSON the schema allows (a beat script's first narration beat, up to its text). A
   * provider that can put it in the prompt does, so the model writes only what follows; the result's text still
   * begins with it. Others let the model write the reply whole.
   */
  readonly replyOpening?: string;
}

// Usage figures cross the wire (stage events, logs), so engine/api owns their shape.
export type { LlmUsage };

/** Local generation running far below what `models bench` measured on this machine. */
export interface SlowGeneration {
  readonly model: string;
  /** Typical generated tokens/s of the last calls that ran alone. */
  readonly tokensPerSecond: number;
  /** What `models bench` measured with the same threads. */
  readonly expectedTokensPerSecond: number;
  readonly threads: number;
}

export interface LlmTextResult {
  readonly text: string;
  readonly usage: LlmUsage;
  /** The model that answered, as the provider names it. */
  readonly model: string;
  /** How many attempts the call took (a repair retry makes 2). */
  readonly attempts: number;
}

export interface LlmObjectResult<T> extends LlmTextResult {
  readonly value: T;
}

export type LlmProviderKind = 'local' | 'openai' | 'scripted';

export interface LlmProvider {
  readonly kind: LlmProviderKind;
  /** Display name of the model behind this provider. */
  readonly model: string;
  generateText(request: LlmRequest): Promise<LlmTextResult>;
  generateObject<T>(request: LlmObjectRequest<T>): Promise<LlmObjectResult<T>>;
  /**
   * Tokens the model's context holds, when the provider knows (local: what node-llama-cpp allocated). Prompts are
   * assembled to fit it; a provider without one is taken to hold the engine's default.
   */
  readonly contextTokens?: number;
  /** Token count from the model's own tokenizer, when the provider has one. */
  countTokens?(text: string): Promise<number>;
  /**
   * Puts a prompt through the model ahead of a call expected to open with it, generating nothing, so that call finds
   * it in the KV cache. Idle-time work: it stops as soon as `request.signal` aborts. Only providers that keep a cache
   * of their own (local) have it.
   */
  warm?(request: LlmWarmRequest): Promise<WarmResult>;
  /**
   * Generates the answer to a call that may come, in idle time, and keeps it: the call, made later with exactly this
   * prompt and these settings, gets it at once (once). Speculative like a warm-up (a spare sequence or none, behind
   * every call) and stopped as soon as `request.signal` aborts. Only providers whose idle time is free (local) have it.
   */
  answerAhead?(request: LlmAheadRequest): Promise<WarmResult>;
  dispose(): Promise<void>;
}

export interface LlmWarmRequest extends LlmRequest {
  /**
   * For a call that may never come (the off-screen stages of a scene's close, say): it takes only a sequence no other
   * prompt holds, or the one holding its own earlier prompt, and never evicts another's. Absent: routed as a call is.
   */
  readonly speculative?: boolean;
  /**
   * With `speculative`: a call the next turn will probably make (the intent or line of a character in the scene). When
   * no sequence is spare it may take the least recently used idle one that no warm-up has filled since the last call,
   * as a scene's change leaves those of the scene before; without it, a character new to the story would find nothing
   * of its sheet cached.
   */
  readonly likely?: boolean;
}

/** A call to answer ahead, as it will be made: an object call's schema with it, a text call's without. */
export interface LlmAheadRequest extends LlmRequest {
  readonly schema?: z.ZodType<unknown>;
  readonly schemaName?: string;
  /** A call that will probably come: routed as a likely warm-up is (see LlmWarmRequest.likely). */
  readonly likely?: boolean;
}

/** What a warm-up did: the prompt's tokens, those it put through the model (the rest were cached), and whether it ended early. */
export interface WarmResult {
  readonly promptTokens: number;
  readonly evaluatedTokens: number;
  readonly totalMs: number;
  readonly aborted: boolean;
  /** The tokens an answer ahead generated (a warm-up generates none). */
  readonly generatedTokens?: number;
}

export const LLM_ERROR_KINDS = [
  'aborted',
  'timeout',
  'invalid_output',
  'provider',
  'rate_limited',
  'unauthorized',
  'script_mismatch',
  'script_exhausted',
  'config',
] as const;
export type LlmErrorKind = (typeof LLM_ERROR_KINDS)[number];

/** Every provider failure is an LlmError naming the stage that failed and why. */
export class LlmError extends Error {
  readonly kind: LlmErrorKind;
  readonly stage: StageKind | undefined;

  constructor(kind: LlmErrorKind, message: string, stage?: StageKind, options?: ErrorOptions) {
    super(stage === undefined ? message : `${stage}: ${message}`, options);
    this.name = 'LlmError';
    this.kind = kind;
    this.stage = stage;
  }
}
