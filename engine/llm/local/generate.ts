import type {
  EvaluationPriority,
  LlamaContextSequence,
  LlamaGrammarEvaluationState,
  LlamaModel,
  Token,
} from 'node-llama-cpp';
import type { LlmUsage } from '../types.ts';
import type { PreparedPrompt } from './chat-prompt.ts';
import { promptChunks } from './prompt-chunks.ts';
import { acceptInGrammar } from './reply-opening.ts';
import type { ReplyGuide } from './reply-guide.ts';
import { ReplyText } from './reply-text.ts';

export interface GenerationParams {
  readonly temperature: number;
  readonly seed: number | undefined;
  readonly maxTokens: number;
  /** How much of each shared batch this sequence gets (the prose the player watches comes first). */
  readonly priority: EvaluationPriority;
  readonly grammarState: LlamaGrammarEvaluationState | undefined;
  /** Drop whitespace at the end of the reply (node-llama-cpp's JSON grammars end in newlines). */
  readonly trimTrailingWhitespace: boolean;
  readonly signal: AbortSignal | undefined;
  readonly onTextDelta: ((delta: string) => void) | undefined;
  /**
   * A background call on a CPU: asked before each prompt chunk and each reply token; when it returns a promise, the
   * call waits for it (the foreground is running). See ForegroundGate.
   */
  readonly stepAside?: (() => Promise<void> | null) | undefined;
  /** What the reply must go on with after a sampled token, and when it is whole (a JSON reply's grammar, say). */
  readonly guide?: ReplyGuide | undefined;
}

export interface Generation {
  readonly text: string;
  readonly usage: LlmUsage;
  /** True when the loop ended because the signal was aborted (the caller has usually rejected already). */
  readonly aborted: boolean;
}

/**
 * The hot path: reuse the sequence's cached prefix, evaluate only the new prompt tokens, then sample until an
 * end-of-generation token, a stop trigger, maxTokens or abort. Per token it does one detokenize and a few checks.
 */
export async function generateOnSequence(
  sequence: LlamaContextSequence,
  model: LlamaModel,
  prompt: PreparedPrompt,
  params: GenerationParams,
): Promise<Generation> {
  const startedAt = performance.now();
  const meterBefore = evaluatedTokens(sequence);
  const newTokens = await keepSharedPrefix(sequence, prompt.tokens);
  const { guide } = params;
  const reply = new ReplyText(model, {
    stopTexts: prompt.stopTexts,
    trimTrailingWhitespace: params.trimTrailingWhitespace,
    streaming: params.onTextDelta !== undefined || guide !== undefined,
  });
  const recent: Token[] = [];
  let generatedTokens = 0;
  let sampledTokens = 0;
  let firstTokenAt: number | null = null;
  let promptEvaluated: number | null = null;
  let aborted = params.signal?.aborted ?? false;
  let guided = 0;
  /** Adds a reply token (sampled or forced) to the text, streams it and shows it to the guide. */
  const take = (token: Token): void => {
    generatedTokens++;
    const delta = reply.push(token);
    if (delta !== '') params.onTextDelta?.(delta);
    if (guide === undefined) return;
    const soFar = reply.soFar;
    guide.feed(soFar.slice(guided));
    guided = soFar.length;
  };
  const done = (): boolean => reply.stopped || generatedTokens >= params.maxTokens || guide?.whole() === true;

  let rest = newTokens;
  if (!aborted && params.maxTokens > 0 && params.stepAside !== undefined) {
    rest = await evaluateInChunks(sequence, newTokens, params);
    aborted = params.signal?.aborted ?? false;
  }
  if (!aborted && params.maxTokens > 0) {
    const tokens = sequence.evaluate(rest, {
      temperature: params.temperature,
      evaluationPriority: params.priority,
      ...(params.seed === undefined ? {} : { seed: params.seed }),
      ...(params.grammarState === undefined ? {} : { grammarEvaluationState: params.grammarState }),
    });
    try {
      let next = await tokens.next();
      while (next.done !== true) {
        const token = next.value;
        if (promptEvaluated === null) {
          firstTokenAt = performance.now();
          // Measured, not assumed: what the sequence actually evaluated before the first token was sampled.
          promptEvaluated = evaluatedTokens(sequence) - meterBefore;
        }
        if (params.signal?.aborted === true) {
          aborted = true;
          break;
        }
        if (endsWithStopSequence(recent, token, prompt.stopTokenSequences)) break;
        sampledTokens++;
        take(token);
        if (done()) break;
        const forced = guide === undefined ? [] : forcedTokens(model, guide, params, sampledTokens, generatedTokens);
        for (const forcedToken of forced) take(forcedToken);
        if (done()) break;
        // The next token is queued only when the loop asks for it: stepping aside here leaves the batches to the prose.
        await stepAside(params);
        // What the grammar forces goes through the model with the sampled token, in one batch.
        next = await tokens.next(forced.length === 0 ? undefined : [token, ...forced]);
      }
    } finally {
      await tokens.return();
    }
  }
  const last = reply.finish();
  if (last !== '') params.onTextDelta?.(last);

  promptEvaluated ??= evaluatedTokens(sequence) - meterBefore;
  const usage: LlmUsage = {
    promptTokens: prompt.tokens.length,
    cachedPromptTokens: Math.max(0, prompt.tokens.length - promptEvaluated),
    generatedTokens,
    timeToFirstTokenMs: generatedTokens > 0 && firstTokenAt !== null ? firstTokenAt - startedAt : null,
    totalMs: performance.now() - startedAt,
  };
  return { text: reply.text, usage, aborted };
}

/**
 * Puts all but the last chunk of a background prompt through the model a chunk at a time (see promptChunks), stepping
 * aside before each; returns what is left for the sampling evaluation.
 */
async function evaluateInChunks(
  sequence: LlamaContextSequence,
  tokens: Token[],
  params: GenerationParams,
): Promise<Token[]> {
  let rest = tokens;
  for (const size of promptChunks(tokens.length).slice(0, -1)) {
    await stepAside(params);
    if (params.signal?.aborted === true) return rest;
    await sequence.evaluateWithoutGeneratingNewTokens(rest.slice(0, size), { evaluationPriority: params.priority });
    rest = rest.slice(size);
  }
  await stepAside(params);
  return rest;
}

/**
 * The guide's forced text after a sampled token, as tokens: as far as the grammar (when there is one) takes them and
 * the reply's token budget reaches.
 */
function forcedTokens(
  model: LlamaModel,
  guide: ReplyGuide,
  params: GenerationParams,
  sampled: number,
  generated: number,
): Token[] {
  const text = guide.forced(sampled);
  if (text === '') return [];
  // Tokenized as the middle of a text: a SentencePiece vocabulary's dummy leading space is no part of the reply.
  const tokens = model.tokenize(text, false, 'trimLeadingSpace').slice(0, params.maxTokens - generated);
  const taken = params.grammarState === undefined ? tokens.length : acceptInGrammar(params.grammarState, tokens);
  return tokens.slice(0, taken);
}

/** Waits while the foreground runs, or until the call is aborted. */
async function stepAside(params: GenerationParams): Promise<void> {
  const wait = params.stepAside?.();
  if (wait === undefined || wait === null) return;
  const { signal } = params;
  if (signal === undefined) return wait;
  if (signal.aborted) return;
  await new Promise<void>((resolve) => {
    signal.addEventListener('abort', () => resolve(), { once: true });
    void wait.then(resolve);
  });
}

/**
 * Erases only the part of the sequence's context that differs from the new prompt, and returns the prompt tokens
 * still to evaluate. At least one prompt token is always re-evaluated: sampling needs the logits after the last one.
 */
export async function keepSharedPrefix(sequence: LlamaContextSequence, promptTokens: Token[]): Promise<Token[]> {
  const { firstDifferentIndex } = sequence.compareContextTokens(promptTokens);
  const keep = Math.min(firstDifferentIndex, promptTokens.length - 1);
  if (keep < sequence.nextTokenIndex) {
    await sequence.eraseContextTokenRanges([{ start: keep, end: sequence.nextTokenIndex }]);
  }
  return promptTokens.slice(sequence.nextTokenIndex);
}

/** Tokens the sequence has put through the model (with or without logits), from its token meter. */
function evaluatedTokens(sequence: LlamaContextSequence): number {
  const meter = sequence.tokenMeter;
  return meter.usedInputTokens + meter.usedOutputTokens;
}

/** Tracks the last tokens and tells whether `token` completes a stop token sequence (usually none, or 1 token long). */
function endsWithStopSequence(recent: Token[], token: Token, stops: readonly (readonly Token[])[]): boolean {
  if (stops.length === 0) return false;
  recent.push(token);
  if (recent.length > 16) recent.shift();
  return stops.some(
    (stop) =>
      stop.length <= recent.length &&
      stop.every((stopToken, index) => recent[recent.length - stop.length + index] === stopToken),
  );
}
