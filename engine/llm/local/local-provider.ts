import {
  LlamaGrammarEvaluationState,
  LlamaText,
  type GbnfJsonSchema,
  type LlamaContextSequence,
  type LlamaGrammar,
} from 'node-llama-cpp';
import type { z } from 'zod';
import type { StageKind } from '../../api/index.ts';
import type { LocalProviderConfig } from '../config.ts';
import { parseStructuredOutput, toJsonSchema } from '../structured.ts';
import {
  LlmError,
  type LlmAheadRequest,
  type LlmObjectRequest,
  type LlmObjectResult,
  type LlmProvider,
  type LlmRequest,
  type LlmTextResult,
  type LlmUsage,
  type LlmWarmRequest,
  type WarmResult,
} from '../types.ts';
import { abortable, abortedError } from './abort.ts';
import { preparePrompt, type PreparedPrompt } from './chat-prompt.ts';
import { generateOnSequence, type Generation, type GenerationParams } from './generate.ts';
import { AnswersAhead, takeAnswer, type AnswerKey } from './answers-ahead.ts';
import { prefillSequence } from './prefill.ts';
import { grammarAfterOpening } from './reply-opening.ts';
import { repairPrompt } from './repair-prompt.ts';
import { forcedJson } from './forced-json.ts';
import { jsonReplyGuide, scheduledReplyGuide, type ReplyGuide } from './reply-guide.ts';
import { toGbnfJsonSchema } from './json-schema-to-gbnf.ts';
import { disposeLocalRuntime, loadLocalRuntime, type LocalProviderOptions, type LocalRuntime } from './runtime.ts';
import { readModelSpeed } from '../models/model-speeds.ts';
import { evaluationPriorityOf, isForeground, WARM_UP } from './foreground-first.ts';
import { ForegroundGate } from './foreground-gate.ts';
import { SequencePool } from './sequence-pool.ts';
import { GenerationSpeedWatch } from './speed-watch.ts';
import { errorMessage } from '../../api/index.ts';

const DEFAULT_TEMPERATURE = 0.7;

/** Loads the model once and returns the `local` provider (node-llama-cpp, in process). */
export async function createLocalProvider(
  config: LocalProviderConfig,
  options: LocalProviderOptions = {},
): Promise<LocalProvider> {
  const runtime = await loadLocalRuntime(config, options);
  return new LocalProvider(runtime, await speedWatchFor(runtime, options.speedWatch));
}

/** Watches generation speed when `models bench` measured this model file here with the same thread count. */
async function speedWatchFor(
  runtime: LocalRuntime,
  watch: LocalProviderOptions['speedWatch'],
): Promise<GenerationSpeedWatch | null> {
  if (watch === undefined) return null;
  const measured = await readModelSpeed(watch.speedFile, runtime.modelPath);
  if (measured === null || measured.threads !== runtime.threads) return null;
  const expected = { tokensPerSecond: measured.generatedTokensPerSecond, threads: runtime.threads };
  return new GenerationSpeedWatch({ ...expected, model: runtime.modelName }, watch.onSlow);
}

export class LocalProvider implements LlmProvider {
  readonly kind = 'local';
  readonly model: string;
  /** CPU threads llama.cpp evaluates with. */
  readonly threads: number;
  /** The model file, resolved. */
  readonly modelPath: string;
  /** Stage sequences in the context, each with its own KV cache (sized to the free memory). */
  readonly sequences: number;
  private readonly runtime: LocalRuntime;
  private readonly pool: SequencePool;
  /** Null where every sequence shares each batch (a GPU, or prose-first turned off). */
  private readonly gate: ForegroundGate | null;
  private readonly grammars = new Map<string, Promise<LlamaGrammar>>();
  /** Aborted by dispose(), so in-flight generations stop before the model is freed. */
  private readonly lifetime = new AbortController();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly answersAhead = new AnswersAhead();

  private readonly speedWatch: GenerationSpeedWatch | null;

  constructor(runtime: LocalRuntime, speedWatch: GenerationSpeedWatch | null = null) {
    this.runtime = runtime;
    this.speedWatch = speedWatch;
    this.model = runtime.modelName;
    this.threads = runtime.threads;
    this.modelPath = runtime.modelPath;
    this.sequences = runtime.context.totalSequences;
    this.pool = new SequencePool(runtime.context, runtime.cpuOnly);
    this.gate = runtime.proseFirst ? new ForegroundGate() : null;
  }

  get contextTokens(): number {
    return this.runtime.context.contextSize;
  }

  async generateText(request: LlmRequest): Promise<LlmTextResult> {
    const generation = await this.generate(request, undefined);
    return { text: generation.text, usage: generation.usage, model: this.model, attempts: 1 };
  }

  async generateObject<T>(request: LlmObjectRequest<T>): Promise<LlmObjectResult<T>> {
    const grammar = await this.grammarFor(request.schema, request.stage);
    const first = await this.generate(request, grammar);
    const firstTry = tryParse(first.text, request.schema, request.stage);
    if (firstTry.ok)
      return { text: first.text, value: firstTry.value, usage: first.usage, model: this.model, attempts: 1 };

    // One repair retry. Its deltas are not streamed: a consumer cannot take back text it already showed.
    const failed = { messages: request.messages, reply: first.text, problem: firstTry.problem };
    const messages = repairPrompt(this.runtime, this.runtime.context.contextSize, failed);
    const { onTextDelta: _streamedOnce, seed, ...rest } = request;
    // A different seed: the same one on an almost identical prompt tends to repeat the same mistake.
    const retry = { ...rest, messages, ...(seed === undefined ? {} : { seed: seed + 1 }) };
    const second = await this.generate(retry, grammar);
    const usage = sumUsage(first.usage, second.usage);
    const secondTry = tryParse(second.text, request.schema, request.stage);
    if (secondTry.ok) return { text: second.text, value: secondTry.value, usage, model: this.model, attempts: 2 };
    throw new LlmError('invalid_output', `${secondTry.problem} (after one repair retry)`, request.stage);
  }

  async warm(request: LlmWarmRequest): Promise<WarmResult> {
    const startedAt = performance.now();
    const signal = this.signalOf(request);
    const { tokens } = preparePrompt(this.runtime, request.messages);
    const result = (evaluatedTokens: number): WarmResult => ({
      promptTokens: tokens.length,
      evaluatedTokens,
      totalMs: performance.now() - startedAt,
      aborted: signal.aborted,
    });
    // Never beyond the context, and never in the way: a warm-up is only worth the idle time it uses.
    if (tokens.length >= this.runtime.context.contextSize || signal.aborted) return result(0);
    const owner = { principal: request.principal, stage: request.stage };
    const prefill = (sequence: LlamaContextSequence) => prefillSequence(sequence, tokens, signal, WARM_UP);
    const work =
      request.speculative === true
        ? this.pool.runSpare(tokens, owner, prefill, request.likely === true)
        : this.pool.run(tokens, owner, prefill, true);
    this.inFlight.add(work);
    try {
      return result((await work) ?? 0);
    } finally {
      this.inFlight.delete(work);
    }
  }

  async answerAhead(request: LlmAheadRequest): Promise<WarmResult> {
    const startedAt = performance.now();
    const signal = this.signalOf(request);
    const grammar = request.schema === undefined ? undefined : await this.grammarFor(request.schema, request.stage);
    const call = this.prepare(request, grammar);
    const result = (generation: Generation | null): WarmResult => ({
      promptTokens: call.prompt.tokens.length,
      evaluatedTokens: generation === null ? 0 : generation.usage.promptTokens - generation.usage.cachedPromptTokens,
      generatedTokens: generation?.usage.generatedTokens ?? 0,
      totalMs: performance.now() - startedAt,
      aborted: signal.aborted,
    });
    // Answered already (an earlier reading asked the same), or no room: nothing to do.
    if (call.room <= 0 || signal.aborted || this.answersAhead.has(call.key)) return result(null);
    const { gate } = this;
    const owner = { principal: request.principal, stage: request.stage };
    const work = this.pool.runSpare(
      call.prompt.tokens,
      owner,
      (sequence) =>
        this.generateOn(sequence, call, {
          priority: WARM_UP,
          signal,
          onTextDelta: undefined,
          stepAside: gate === null ? undefined : () => gate.clear(),
        }),
      request.likely === true,
    );
    this.answersAhead.keep(call.key, work);
    this.inFlight.add(work);
    try {
      return result(await work.catch(() => null));
    } finally {
      this.inFlight.delete(work);
    }
  }

  countTokens(text: string): Promise<number> {
    return Promise.resolve(this.runtime.model.tokenize(text).length);
  }

  async dispose(): Promise<void> {
    if (this.lifetime.signal.aborted) return;
    this.lifetime.abort();
    await Promise.allSettled([...this.inFlight]);
    await disposeLocalRuntime(this.runtime);
  }

  private async generate(request: OpenableRequest, grammar: KeyedGrammar | undefined): Promise<Generation> {
    const { stage } = request;
    if (this.lifetime.signal.aborted) throw new LlmError('provider', 'the local provider was disposed', stage);
    if (request.signal?.aborted === true) throw abortedError(stage);
    const call = this.prepare(request, grammar);
    if (call.room <= 0) {
      const message = `the prompt has ${call.prompt.tokens.length} tokens; the context holds ${this.runtime.context.contextSize}`;
      throw new LlmError('provider', message, stage);
    }
    const signal = this.signalOf(request);
    const ahead = this.answersAhead.take(call.key);
    const answered = ahead === undefined ? null : await takeAnswer(ahead, call, request, signal);
    if (answered !== null) return answered;
    const { gate } = this;
    const foreground = isForeground(stage);
    const run = (sequence: LlamaContextSequence) =>
      this.generateOn(sequence, call, {
        priority: evaluationPriorityOf(stage),
        signal,
        onTextDelta: request.onTextDelta,
        stepAside: gate === null || foreground ? undefined : () => gate.clear(),
      });
    // Held only once the call has its sequence: a foreground call queued behind a background one must not stop it.
    const work = this.pool
      .run(call.prompt.tokens, { principal: request.principal, stage }, (sequence) =>
        gate !== null && foreground ? gate.hold(() => run(sequence)) : run(sequence),
      )
      .then((generation) => ({ ...generation, text: call.opened.text + generation.text }));
    if (call.opened.text !== '') request.onTextDelta?.(call.opened.text);
    this.inFlight.add(work);
    void work.then(
      () => this.inFlight.delete(work),
      () => this.inFlight.delete(work),
    );
    const watched = this.speedWatch?.begin();
    let generation: Generation;
    try {
      generation = await abortable(work, signal, stage);
    } catch (error) {
      if (watched !== undefined) this.speedWatch?.end(watched, null);
      if (error instanceof LlmError) throw error;
      throw new LlmError('provider', errorMessage(error), stage, { cause: error });
    }
    if (watched !== undefined) this.speedWatch?.end(watched, generation.aborted ? null : generation.usage);
    if (generation.aborted) throw abortedError(stage);
    return generation;
  }

  /** The call's chat prompt (with its opening and the grammar's stop texts), the room left for its reply, and its key. */
  private prepare(request: OpenableRequest, grammar: KeyedGrammar | undefined): PreparedCall {
    const opened = this.openReply(request, grammar);
    let chatPrompt: PreparedPrompt;
    try {
      chatPrompt = preparePrompt(this.runtime, opened.messages);
    } catch (error) {
      const reason = `cannot apply the chat template: ${errorMessage(error)}`;
      throw new LlmError('provider', reason, request.stage, { cause: error });
    }
    const prompt =
      grammar === undefined
        ? chatPrompt
        : { ...chatPrompt, stopTexts: [...chatPrompt.stopTexts, ...grammarStopTexts(grammar.grammar)] };
    const room = this.runtime.context.contextSize - prompt.tokens.length;
    const settings = {
      temperature: request.temperature ?? DEFAULT_TEMPERATURE,
      seed: request.seed,
      maxTokens: Math.min(request.maxTokens ?? room, room),
      trimTrailingWhitespace: grammar?.grammar.trimWhitespaceSuffix ?? false,
    };
    const { temperature, seed, maxTokens } = settings;
    const key = {
      tokens: prompt.tokens,
      grammar: grammar?.key ?? '',
      temperature,
      seed,
      maxTokens,
      opening: opened.text,
    };
    const { forcedText } = request;
    const guide = (): ReplyGuide | undefined =>
      grammar !== undefined
        ? jsonReplyGuide(grammar.schema, opened.text)
        : forcedText === undefined
          ? undefined
          : scheduledReplyGuide(forcedText);
    return { opened, prompt, room, settings, key, guide };
  }

  private generateOn(sequence: LlamaContextSequence, call: PreparedCall, run: RunParams): Promise<Generation> {
    return generateOnSequence(sequence, this.runtime.model, call.prompt, {
      ...call.settings,
      ...run,
      grammarState: call.opened.grammarState,
      guide: call.guide(),
    });
  }

  private signalOf(request: LlmRequest): AbortSignal {
    return request.signal === undefined
      ? this.lifetime.signal
      : AbortSignal.any([request.signal, this.lifetime.signal]);
  }

  /**
   * The prompt with the reply's opening put in it as the start of the model's answer, and the grammar moved past it;
   * unchanged when there is no opening, no grammar, a prompt already ending in a prefill, or a grammar that refuses it.
   * An object call without an opening of its own opens with what its schema holds for every reply (`{"thought": "`).
   */
  private openReply(request: OpenableRequest, keyed: KeyedGrammar | undefined) {
    const { model } = this.runtime;
    const grammar = keyed?.grammar;
    const opening = request.replyOpening ?? (keyed === undefined ? undefined : forcedJson(keyed.schema, ''));
    const canOpen =
      opening !== undefined && opening !== '' && grammar !== undefined && request.messages.at(-1)?.role !== 'assistant';
    const opened = canOpen ? grammarAfterOpening(model, grammar, opening) : null;
    if (opened !== null && opening !== undefined)
      return {
        messages: [...request.messages, { role: 'assistant' as const, content: opening }],
        text: opening,
        grammarState: opened,
      };
    const grammarState = grammar === undefined ? undefined : new LlamaGrammarEvaluationState({ model, grammar });
    return { messages: request.messages, text: '', grammarState };
  }

  /** One grammar per distinct schema, built once: building it parses GBNF in llama.cpp. */
  private grammarFor(schema: z.ZodType, stage: StageKind): Promise<KeyedGrammar> {
    const gbnfSchema = toGbnfJsonSchema(toJsonSchema(schema));
    const key = JSON.stringify(gbnfSchema);
    let grammar = this.grammars.get(key);
    if (grammar === undefined) {
      grammar = this.runtime.llama.createGrammarForJsonSchema<GbnfJsonSchema>(gbnfSchema);
      this.grammars.set(key, grammar);
      grammar.catch(() => this.grammars.delete(key));
    }
    return grammar.then(
      (built) => ({ grammar: built, key, schema: gbnfSchema }),
      (error: unknown) => {
        const reason = `cannot build a JSON grammar for the schema: ${errorMessage(error)}`;
        throw new LlmError('provider', reason, stage, { cause: error });
      },
    );
  }
}

/** A call as `generate` takes it: an object call's reply opening, when it has one, with the rest of the request. */
type OpenableRequest = LlmRequest & Pick<LlmObjectRequest<unknown>, 'replyOpening'>;

/** A JSON grammar with the schema it was built from, which tells two calls' grammars apart. */
interface KeyedGrammar {
  readonly grammar: LlamaGrammar;
  readonly key: string;
  /** The schema the grammar was built from: what the reply's forced runs are read against. */
  readonly schema: GbnfJsonSchema;
}

/** A call made ready for the model: everything `generateOnSequence` takes but how it shares the batches. */
interface PreparedCall {
  readonly opened: { readonly text: string; readonly grammarState: LlamaGrammarEvaluationState | undefined };
  readonly prompt: PreparedPrompt;
  /** Tokens the context has left for the reply. */
  readonly room: number;
  readonly settings: Pick<GenerationParams, 'temperature' | 'seed' | 'maxTokens' | 'trimTrailingWhitespace'>;
  readonly key: AnswerKey;
  /** A new guide for each generation of the call: what its reply is held to (see ReplyGuide). */
  readonly guide: () => ReplyGuide | undefined;
}

/** How a prepared call shares the model: its priority, its signal, its stream and when it steps aside. */
type RunParams = Pick<GenerationParams, 'priority' | 'signal' | 'onTextDelta' | 'stepAside'>;

/** The grammar's own text stop triggers (node-llama-cpp's JSON grammars stop on four newlines). */
function grammarStopTexts(grammar: LlamaGrammar): string[] {
  return grammar.stopGenerationTriggers.flatMap((trigger) => {
    if (typeof trigger === 'string') return [trigger];
    if (LlamaText.isLlamaText(trigger))
      return trigger.values.every((value) => typeof value === 'string') ? [trigger.toString()] : [];
    return trigger.every((part) => typeof part === 'string') ? [trigger.join('')] : [];
  });
}

type ParseAttempt<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

function tryParse<T>(text: string, schema: z.ZodType<T>, stage: StageKind): ParseAttempt<T> {
  try {
    return { ok: true, value: parseStructuredOutput(text, schema, stage) };
  } catch (error) {
    if (!(error instanceof LlmError)) throw error;
    // The stage prefix is for logs; the repair prompt only needs what was wrong.
    return { ok: false, problem: error.message.replace(`${stage}: `, '') };
  }
}

function sumUsage(first: LlmUsage, second: LlmUsage): LlmUsage {
  return {
    promptTokens: first.promptTokens + second.promptTokens,
    cachedPromptTokens: first.cachedPromptTokens + second.cachedPromptTokens,
    generatedTokens: first.generatedTokens + second.generatedTokens,
    timeToFirstTokenMs: first.timeToFirstTokenMs ?? second.timeToFirstTokenMs,
    totalMs: first.totalMs + second.totalMs,
  };
}
